package httpapi

// submitMessages are the texts of documents, submission, the exam number
// and the lookup (issue 5).
var submitMessages = map[string]text{
	"file.not_found":        {"파일을 찾을 수 없습니다.", "The file was not found."},
	"file.upload_malformed": {"업로드에 실패했습니다. 다시 시도해 주세요.", "Upload failed, please try again."},
	"slip.not_ready":        {"접수가 완료된 뒤 수험표를 받을 수 있습니다.", "The admission slip is available once the application is complete."},
	"examno.lookup_sent":    {"입력한 주소로 접수가 완료된 원서가 있으면 수험번호를 메일로 보냈습니다. 메일함을 확인해 주세요.", "If applications completed with this address exist, their exam numbers have been mailed to it. Please check your mailbox."},
	"examno.lookup_limited": {"조회 요청이 너무 많습니다. {minutes}분 후에 다시 시도해 주세요.", "Too many lookups. Please try again in {minutes} minutes."},
	"pdf.unavailable":       {"지금은 PDF를 만들 수 없습니다. 잠시 후 다시 시도해 주세요.", "The PDF cannot be made right now. Please try again later."},
	"submit.done_free":      {"접수가 완료되었습니다.", "Your application is complete."},
}

func init() {
	for code, t := range submitMessages {
		if _, ok := messages[code]; !ok {
			messages[code] = t
		}
	}
}
