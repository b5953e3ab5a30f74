package printing

import (
	"strings"

	"github.com/gradapply/gradapply/core/form"
)

// basicSections are the basic-info step: the applicant's own details, the
// emergency contact as its own section, then family and guarantor.
func basicSections(out *[]Section, a form.ApplicantInfo, n *names) {
	section(out, "기본 정보", "Basic information",
		titled("인적 사항", "Personal details", personRows(a, n)),
		titled("여권 및 체류", "Passport and stay", stayRows(a, n)),
		titled("연락처", "Contact", contactRows(a)),
		titled("기타", "Other", otherRows(a, n)))
	section(out, "비상 연락처", "Emergency contact", Block{Fields: emergencyRows(a.EmergencyContact, n)})

	blocks := []Block{titled("배우자", "Spouse", spouseRows(a.Spouse, n))}
	for i, m := range a.FamilyList {
		blocks = append(blocks, numbered("가족", "Family member", i, familyRows(m, n)))
	}
	blocks = append(blocks, titled("재정 보증인", "Financial guarantor", guarantorRows(a.FinancialGuarantor, n)),
		titled("어학 연수", "Language school", languageSchoolRows(a.LanguageSchool, n)),
		titled("유학원", "Study agency", agencyRows(a.OverseasAgency)))
	section(out, "가족 및 재정 보증", "Family and financial guarantee", blocks...)
}

func personRows(a form.ApplicantInfo, n *names) rows {
	var r rows
	r.add("한글 성명", "Name (Korean)", a.KorName)
	r.add("영문 성명", "Name (English)", a.EngName)
	r.add("이름", "Given name", a.FirstName)
	r.add("중간 이름", "Middle name", a.MiddleName)
	r.add("성", "Family name", a.LastName)
	r.add("성별", "Gender", n.gender(a.Gend))
	r.date("생년월일", "Date of birth", a.BirthDate)
	r.add("국적", "Nationality", n.country(a.Nationality))
	second := ""
	if a.MultiNationality {
		second = n.country(a.MultiNationalityCode)
	}
	r.add("복수 국적", "Second nationality", second)
	r.add("외국인 구분", "Foreigner type", n.code(form.GroupForeignerType, a.ForeignerType))
	r.add("재외동포", "Overseas compatriot", n.yes(a.IsCompatriot))
	r.add("재외국민", "Korean national abroad", n.yes(a.OverseasKorean))
	r.add("주민등록번호 뒷자리", "Resident registration no. (last digits)", a.ResidentNoLast)
	r.add("출신지", "Hometown", a.Hometown)
	r.add("혼인 여부", "Marital status", n.code(form.GroupMaritalSts, a.MaritalStatus))
	r.add("자녀 수", "Children", a.ChildNum)
	return r
}

func stayRows(a form.ApplicantInfo, n *names) rows {
	var r rows
	r.add("여권번호", "Passport no.", a.PassportNo)
	r.add("여권 발급국", "Passport issued by", n.country(a.PassportIssueCountry))
	r.date("여권 발급일", "Passport issued on", a.PassportIssueDate)
	r.date("여권 만료일", "Passport expires on", a.PassportExpiryDate)
	r.add("비자 종류", "Visa type", n.code(form.GroupVisaType, a.VisaTypeCode))
	r.add("기타 비자", "Other visa", a.VisaTypeEtc)
	r.add("비자 번호", "Visa no.", a.VisaNo)
	r.date("비자 만료일", "Visa expires on", a.VisaExpiryDate)
	r.add("비자 변경 필요", "Visa change needed", n.yes(a.VisaChangeRequired))
	r.add("신청 비자", "Visa to apply for", n.code(form.GroupVisaType, a.ApplyVisa))
	r.add("외국인등록번호", "Alien registration no.", a.ForeignerRegistrationNo)
	r.add("외국인등록 상태", "Alien registration", n.code(form.GroupAlienRegSts, a.AlienRegistrationStatus))
	r.date("입국일", "Entered Korea on", a.EntryDate)
	r.add("체류 기간(개월)", "Months of stay", a.MonthsOfStay)
	r.add("거주 유형", "Residency type", n.code(form.GroupResidencyType, a.ResidencyTypeCode))
	r.add("거주 국가", "Country of residence", n.country(a.ResidencyCountryCode))
	return r
}

func contactRows(a form.ApplicantInfo) rows {
	var r rows
	r.add("우편번호", "Post code", a.PostCode)
	r.add("주소", "Address", strings.TrimSpace(a.Address+" "+a.AddressDetail))
	r.add("해외 주소", "Address abroad", a.ForeignAddress)
	r.add("전화", "Phone", a.Phone)
	r.add("휴대전화", "Mobile", a.Mobile)
	r.add("이메일", "E-mail", a.Email)
	r.add("메신저", "Messenger", a.MessengerID)
	r.add("스카이프", "Skype", a.SkypeID)
	r.add("영상 에세이", "Video essay", a.VideoEssayURL)
	return r
}

func otherRows(a form.ApplicantInfo, n *names) rows {
	var r rows
	r.add("장학금 신청", "Scholarship applied for", n.yes(a.Scholarship))
	r.add("G20 국가 출신", "From a G20 country", n.yes(a.G20Member))
	r.add("G20 답변", "G20 answers", strings.Join(a.G20Answers, ", "))
	return r
}

func emergencyRows(ec form.EmergencyContact, n *names) rows {
	var r rows
	r.add("성명", "Name", ec.Name)
	r.add("관계", "Relationship", n.code(form.GroupRelation, ec.Relation))
	r.add("연락처", "Phone", ec.Phone)
	return r
}

func spouseRows(sp form.Spouse, n *names) rows {
	var r rows
	r.add("성명", "Name", sp.Name)
	r.add("국적", "Nationality", n.country(sp.Nationality))
	r.date("생년월일", "Date of birth", sp.BirthDate)
	r.add("직업", "Occupation", sp.Occupation)
	r.add("연락처", "Phone", sp.Phone)
	return r
}

func familyRows(m form.FamilyMember, n *names) rows {
	var r rows
	r.add("관계", "Relationship", n.code(form.GroupRelation, m.Relation))
	r.add("성명", "Name", m.Name)
	r.add("국적", "Nationality", n.country(m.Nationality))
	r.date("생년월일", "Date of birth", m.BirthDate)
	r.add("직업", "Occupation", m.Occupation)
	r.add("연락처", "Phone", m.Phone)
	return r
}

func guarantorRows(g form.Guarantor, n *names) rows {
	var r rows
	r.add("성명", "Name", g.Name)
	r.add("관계", "Relationship", n.code(form.GroupRelation, g.Relation))
	r.add("직업", "Occupation", g.Occupation)
	r.add("연락처", "Phone", g.Phone)
	r.add("이메일", "E-mail", g.Email)
	r.add("주소", "Address", g.Address)
	r.add("연 소득", "Annual income", g.AnnualIncome)
	return r
}

func languageSchoolRows(ls form.LanguageSchool, n *names) rows {
	var r rows
	r.add("어학원", "Language school", ls.Name)
	r.add("국가", "Country", n.country(ls.CountryCode))
	r.date("입학일", "Entered on", ls.EnterDay)
	r.date("수료일", "Finished on", ls.GraduateDay)
	r.add("수준", "Level reached", ls.Level)
	return r
}

func agencyRows(ag form.StudyAgency) rows {
	var r rows
	r.add("유학원", "Agency", ag.Name)
	r.add("담당자", "Agent", ag.AgentName)
	r.add("이메일", "E-mail", ag.Email)
	r.add("연락처", "Phone", ag.Phone)
	r.add("위챗", "WeChat", ag.WechatID)
	return r
}
