package pdf

import "strings"

var sectionOrder = []string{"basis", "acad", "lang", "career", "certificates", "essays", "survey"}

var sectionTitles = map[string][2]string{
	"basis":        {"기본 정보", "Basic information"},
	"acad":         {"학력", "Academic history"},
	"lang":         {"어학 성적", "Language scores"},
	"career":       {"경력", "Career"},
	"certificates": {"자격증", "Certificates"},
	"essays":       {"에세이", "Essays"},
	"survey":       {"설문", "Survey"},
}

// labels are the bilingual labels of the form's fields (the JSON names of
// docs/api-apply.md); a field without one shows its name.
var labels = map[string][2]string{
	"gend": {"성별", "Gender"}, "korName": {"한글 성명", "Name (Korean)"}, "engName": {"영문 성명", "Name (English)"},
	"firstName": {"이름", "First name"}, "middleName": {"중간 이름", "Middle name"}, "lastName": {"성", "Last name"},
	"engFirstName": {"영문 이름", "First name (English)"}, "engLastName": {"영문 성", "Last name (English)"},
	"firstName_eng": {"영문 이름", "First name (English)"}, "lastName_eng": {"영문 성", "Last name (English)"},
	"nationality": {"국적", "Nationality"}, "multiNationality": {"복수 국적", "Multiple nationality"},
	"multiNationalityCode": {"복수 국적 국가", "Second nationality"}, "birthDate": {"생년월일", "Date of birth"},
	"foreignerType": {"외국인 유형", "Foreigner type"}, "isCompatriot": {"재외동포", "Overseas compatriot"},
	"overseasKorean": {"재외국민", "Overseas Korean"}, "g20Member": {"G20 국가", "G20 member"}, "g20Answers": {"G20 답변", "G20 answers"},
	"scholarship": {"장학금 신청", "Scholarship"}, "residentNoLast": {"주민등록번호 뒷자리", "Resident registration no."},
	"passportNo": {"여권번호", "Passport no."}, "passportIssueDate": {"여권 발급일", "Passport issue date"},
	"passportExpiryDate": {"여권 만료일", "Passport expiry date"}, "passportIssueCountry": {"여권 발급국", "Passport issue country"},
	"visaTypeCode": {"비자 종류", "Visa type"}, "visaTypeEtc": {"기타 비자", "Other visa"}, "visaNo": {"비자 번호", "Visa no."},
	"visaExpiryDate": {"비자 만료일", "Visa expiry"}, "visaChangeRequired": {"비자 변경 필요", "Visa change required"},
	"foreignerRegistrationNo": {"외국인등록번호", "Alien registration no."}, "alienRegistrationStatus": {"외국인등록 상태", "Alien registration status"},
	"address": {"주소", "Address"}, "addressDetail": {"상세 주소", "Address detail"}, "postCode": {"우편번호", "Post code"},
	"foreignAddress": {"해외 주소", "Foreign address"}, "phone": {"전화", "Phone"}, "mobile": {"휴대전화", "Mobile"},
	"email": {"이메일", "E-mail"}, "messengerId": {"메신저", "Messenger id"}, "skypeId": {"스카이프", "Skype id"},
	"videoEssayUrl": {"영상 에세이", "Video essay"}, "hometown": {"출신지", "Hometown"}, "entryDate": {"입국일", "Entry date"},
	"monthsOfStay": {"체류 개월", "Months of stay"}, "emergencyContact": {"비상 연락처", "Emergency contact"},
	"name": {"이름", "Name"}, "relation": {"관계", "Relation"}, "maritalStatus": {"혼인 여부", "Marital status"},
	"childNum": {"자녀 수", "Children"}, "spouse": {"배우자", "Spouse"}, "occupation": {"직업", "Occupation"},
	"financialGuarantor": {"재정 보증인", "Financial guarantor"}, "annualIncome": {"연 소득", "Annual income"},
	"languageSchool": {"어학원", "Language school"}, "familyList": {"가족", "Family"},
	"residencyTypeCode": {"거주 유형", "Residency type"}, "residencyCountryCode": {"거주 국가", "Residency country"},
	"overseasAgency": {"유학원", "Study agency"}, "agentName": {"담당자", "Agent"}, "wechatId": {"위챗", "WeChat id"},
	"acadType": {"학력 구분", "Level"}, "schoolCode": {"학교 코드", "School code"}, "searchSchoolName": {"학교명", "School name"},
	"schoolKorName": {"학교명", "School"}, "schoolEngName": {"영문 학교명", "School (English)"},
	"countryCode": {"국가", "Country"}, "city": {"도시", "City"}, "college": {"단과대학", "College"}, "major": {"전공", "Major"},
	"department": {"학과", "Department"}, "acadFinal": {"최종 학력", "Final education"}, "enterDay": {"입학일", "Entered"},
	"graduateDay": {"졸업일", "Graduated"}, "graduationStatus": {"졸업 구분", "Graduation status"}, "degreeNo": {"학위 번호", "Degree no."},
	"degreeCourse": {"학위 과정", "Degree course"}, "degreeLevel": {"학위", "Degree level"}, "transfer": {"편입", "Transfer"},
	"credits": {"이수 학점", "Credits"}, "gradeForm": {"성적 형식", "Grade form"}, "fullScore": {"만점", "Full score"},
	"gpa": {"평점", "GPA"}, "studentId": {"학번", "Student id"},
	"langExamCode": {"시험", "Exam"}, "score": {"점수", "Score"}, "level": {"등급", "Level"}, "docNo": {"문서 번호", "Document no."},
	"examDay": {"시험일", "Exam date"}, "expiryDay": {"만료일", "Expiry"}, "topik_seq": {"TOPIK 회차", "TOPIK session"}, "nodeId": {"항목", "Entry"},
	"companyName": {"회사", "Company"}, "description": {"내용", "Description"}, "compType": {"회사 유형", "Company type"},
	"employmentType": {"고용 형태", "Employment type"}, "position": {"직위", "Position"}, "joinDay": {"입사일", "Joined"},
	"retireDay": {"퇴사일", "Left"}, "currentYn": {"재직 중", "Current"},
	"category": {"구분", "Category"}, "institution": {"발급 기관", "Institution"}, "issueDay": {"발급일", "Issued"},
	"no": {"문항", "Question"}, "lang": {"언어", "Language"}, "text": {"답변", "Answer"},
	"questionCode": {"문항", "Question"}, "itemCode": {"선택", "Choice"}, "answer": {"답변", "Answer"}, "comment": {"의견", "Comment"},
}

// fieldRank keeps names first, then the rest alphabetically.
func fieldRank(k string) string {
	switch k {
	case "korName", "engName", "name", "companyName", "no", "questionCode", "langExamCode", "acadType":
		return "0" + k
	}
	return "1" + k
}

// label gives "한글 English" for a path: the last field name, with list
// positions of the path kept (acadList[2] gpa).
func label(path string) string {
	parts := strings.Split(path, ".")
	last := parts[len(parts)-1]
	idx := ""
	if i := strings.IndexByte(last, '['); i >= 0 {
		last, idx = last[:i], last[i:]
	}
	prefix := ""
	for _, p := range parts[:len(parts)-1] {
		if i := strings.IndexByte(p, '['); i >= 0 {
			prefix += p[i:] + " "
		}
	}
	if l, ok := labels[last]; ok {
		return prefix + l[0] + " " + l[1] + idx
	}
	return prefix + last + idx
}
