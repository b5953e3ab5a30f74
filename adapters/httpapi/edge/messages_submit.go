package edge

// submitMessages are the texts of documents, submission, the exam number
// and the lookup (issue 5).
var submitMessages = map[string]text{
	"file.not_found":        {"서류를 찾을 수 없습니다.", "The document was not found."},
	"file.upload_malformed": {"업로드에 실패했습니다. 다시 시도해 주세요.", "Upload failed. Please try again."},
	"slip.not_ready":        {"접수가 완료된 뒤 수험표를 볼 수 있습니다.", "The admission slip is available once the application is complete."},
	"examno.lookup_sent":    {"접수가 완료된 지원서가 있으면 수험번호를 메일로 보냈습니다.", "If a completed application uses this address, its exam number has been mailed to it."},
	"examno.lookup_limited": {"요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.", "Too many requests. Please try again later."},
	"pdf.unavailable":       {"지금은 PDF를 만들 수 없습니다. 잠시 후 다시 시도해 주세요.", "The PDF cannot be made right now. Please try again later."},
	"submit.done_free":      {"접수가 완료되었습니다.", "Your application is complete."},
}
