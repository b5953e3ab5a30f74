package mailmsg

// Mails of recommendation letters.

// RecommendRequest asks a recommender, in the recommender's language, to
// write a letter: the key link is a secret. Reminder marks the reminder
// sent before the deadline. RequestNo lets the worker record on the
// request whether the mail server took the mail.
type RecommendRequest struct {
	RequestNo       int64
	RecommenderName string
	ApplicantName   string
	School          string
	Round           string
	Deadline        string // yyyy-MM-dd HH:mm, Asia/Seoul
	Link            Secret
	Reminder        bool
}

// Kind implements Message.
func (RecommendRequest) Kind() string { return "recommend_request" }

// RecommendCompleted tells the applicant a recommender has submitted (the
// letter itself stays confidential).
type RecommendCompleted struct {
	RecommenderName string
	School          string
	Round           string
}

// Kind implements Message.
func (RecommendCompleted) Kind() string { return "recommend_completed" }

// RecommendCancelled tells the applicant (ToRecommender false) or the
// recommender that service support has cancelled a request, and why; the
// recommender's link no longer works.
type RecommendCancelled struct {
	ToRecommender   bool
	RecommenderName string
	ApplicantName   string
	School          string
	Round           string
	Reason          string
}

// Kind implements Message.
func (RecommendCancelled) Kind() string { return "recommend_cancelled" }
