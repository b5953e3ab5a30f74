package printing

import (
	"strings"

	"github.com/gradapply/gradapply/core/form"
)

// basicSections are the basic-info step: the applicant's own details, the
// emergency contact as its own section, then family and guarantor.
func basicSections(out *[]Section, a form.ApplicantInfo, n *names) {
	var person rows
	person.add("한글 성명", "Name (Korean)", a.KorName)
	person.add("영문 성명", "Name (English)", a.EngName)
	person.add("이름", "Given name", a.FirstName)
	person.add("중간 이름", "Middle name", a.MiddleName)
	person.add("성", "Family name", a.LastName)
	person.add("성별", "Gender", n.gender(a.Gend))
	person.add("생년월일", "Date of birth", a.BirthDate)
	person.add("국적", "Nationality", n.country(a.Nationality))
	if a.MultiNationality {
		person.add("복수 국적", "Second nationality", n.country(a.MultiNationalityCode))
	}
	person.add("외국인 구분", "Foreigner type", n.code(form.GroupForeignerType, a.ForeignerType))
	person.add("재외동포", "Overseas compatriot", n.yes(a.IsCompatriot))
	person.add("재외국민", "Korean national abroad", n.yes(a.OverseasKorean))
	person.add("주민등록번호 뒷자리", "Resident registration no. (last digits)", a.ResidentNoLast)
	person.add("출신지", "Hometown", a.Hometown)
	person.add("혼인 여부", "Marital status", n.code(form.GroupMaritalSts, a.MaritalStatus))
	person.add("자녀 수", "Children", a.ChildNum)

	var stay rows
	stay.add("여권번호", "Passport no.", a.PassportNo)
	stay.add("여권 발급국", "Passport issued by", n.country(a.PassportIssueCountry))
	stay.add("여권 발급일", "Passport issued on", a.PassportIssueDate)
	stay.add("여권 만료일", "Passport expires on", a.PassportExpiryDate)
	stay.add("비자 종류", "Visa type", n.code(form.GroupVisaType, a.VisaTypeCode))
	stay.add("기타 비자", "Other visa", a.VisaTypeEtc)
	stay.add("비자 번호", "Visa no.", a.VisaNo)
	stay.add("비자 만료일", "Visa expires on", a.VisaExpiryDate)
	stay.add("비자 변경 필요", "Visa change needed", n.yes(a.VisaChangeRequired))
	stay.add("신청 비자", "Visa to apply for", n.code(form.GroupVisaType, a.ApplyVisa))
	stay.add("외국인등록번호", "Alien registration no.", a.ForeignerRegistrationNo)
	stay.add("외국인등록 상태", "Alien registration", n.code(form.GroupAlienRegSts, a.AlienRegistrationStatus))
	stay.add("입국일", "Entered Korea on", a.EntryDate)
	stay.add("체류 기간(개월)", "Months of stay", a.MonthsOfStay)
	stay.add("거주 유형", "Residency type", n.code(form.GroupResidencyType, a.ResidencyTypeCode))
	stay.add("거주 국가", "Country of residence", n.country(a.ResidencyCountryCode))

	var contact rows
	contact.add("우편번호", "Post code", a.PostCode)
	contact.add("주소", "Address", strings.TrimSpace(a.Address+" "+a.AddressDetail))
	contact.add("해외 주소", "Address abroad", a.ForeignAddress)
	contact.add("전화", "Phone", a.Phone)
	contact.add("휴대전화", "Mobile", a.Mobile)
	contact.add(emailLabel.Ko, emailLabel.En, a.Email)
	contact.add("메신저", "Messenger", a.MessengerID)
	contact.add("스카이프", "Skype", a.SkypeID)
	contact.add("영상 에세이", "Video essay", a.VideoEssayURL)

	var other rows
	other.add("장학금 신청", "Scholarship applied for", n.yes(a.Scholarship))
	other.add("G20 국가 출신", "From a G20 country", n.yes(a.G20Member))
	other.add("G20 답변", "G20 answers", strings.Join(a.G20Answers, ", "))

	section(out, "기본 정보", "Basic information",
		titled("인적 사항", "Personal details", person),
		titled("여권 및 체류", "Passport and stay", stay),
		titled("연락처", "Contact", contact),
		titled("기타", "Other", other))

	var ec rows
	ec.add("성명", "Name", a.EmergencyContact.Name)
	ec.add("관계", "Relationship", n.code(form.GroupRelation, a.EmergencyContact.Relation))
	ec.add("연락처", "Phone", a.EmergencyContact.Phone)
	section(out, "비상 연락처", "Emergency contact", Block{Fields: ec})

	blocks := []Block{}
	var sp rows
	sp.add("성명", "Name", a.Spouse.Name)
	sp.add("국적", "Nationality", n.country(a.Spouse.Nationality))
	sp.add("생년월일", "Date of birth", a.Spouse.BirthDate)
	sp.add("직업", "Occupation", a.Spouse.Occupation)
	sp.add("연락처", "Phone", a.Spouse.Phone)
	blocks = append(blocks, titled("배우자", "Spouse", sp))
	for i, m := range a.FamilyList {
		var fm rows
		fm.add("관계", "Relationship", n.code(form.GroupRelation, m.Relation))
		fm.add("성명", "Name", m.Name)
		fm.add("국적", "Nationality", n.country(m.Nationality))
		fm.add("생년월일", "Date of birth", m.BirthDate)
		fm.add("직업", "Occupation", m.Occupation)
		fm.add("연락처", "Phone", m.Phone)
		blocks = append(blocks, numbered("가족", "Family member", i, fm))
	}
	g := a.FinancialGuarantor
	var gr rows
	gr.add("성명", "Name", g.Name)
	gr.add("관계", "Relationship", n.code(form.GroupRelation, g.Relation))
	gr.add("직업", "Occupation", g.Occupation)
	gr.add("연락처", "Phone", g.Phone)
	gr.add("이메일", "E-mail", g.Email)
	gr.add("주소", "Address", g.Address)
	gr.add("연 소득", "Annual income", g.AnnualIncome)
	blocks = append(blocks, titled("재정 보증인", "Financial guarantor", gr))
	ls := a.LanguageSchool
	var lr rows
	lr.add("어학원", "Language school", ls.Name)
	lr.add("국가", "Country", n.country(ls.CountryCode))
	lr.add("입학일", "Entered on", ls.EnterDay)
	lr.add("수료일", "Finished on", ls.GraduateDay)
	lr.add("수준", "Level reached", ls.Level)
	blocks = append(blocks, titled("어학 연수", "Language school", lr))
	ag := a.OverseasAgency
	var ar rows
	ar.add("유학원", "Agency", ag.Name)
	ar.add("담당자", "Agent", ag.AgentName)
	ar.add("이메일", "E-mail", ag.Email)
	ar.add("연락처", "Phone", ag.Phone)
	ar.add("위챗", "WeChat", ag.WechatID)
	blocks = append(blocks, titled("유학원", "Study agency", ar))
	section(out, "가족 및 재정 보증", "Family and financial guarantee", blocks...)
}
