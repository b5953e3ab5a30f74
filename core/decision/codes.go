package decision

// Message codes of this package.
const (
	CodeKind          = "decision.kind"           // admit, waitlist or reject
	CodeRank          = "decision.rank"           // a waitlist rank of 1 or more; none for other decisions
	CodeNoDecision    = "decision.not_found"      // no decision for the application
	CodeNotComplete   = "decision.not_complete"   // only a completed application is decided
	CodeOtherRound    = "decision.other_round"    // a bulk item of another round's application
	CodeReleased      = "decision.released"       // the results are out: nothing changes any more
	CodeNoRelease     = "decision.no_release"     // the round has no release set
	CodeReleaseExists = "decision.release_exists" // two first releases of a round at once
	CodeMessage       = "decision.message"        // a message in ko and en, 1 to MaxMessage characters
	CodeReleaseAt     = "decision.release_at"     // a release time is required
	CodeNoResult      = "decision.no_result"      // nothing published for the application (yet)
	CodeNotAdmitted   = "decision.not_admitted"   // an admission letter is for admitted applicants
	CodeTooMany       = "decision.too_many"       // a bulk of at most MaxBulk decisions
	CodeExists        = "decision.exists"         // two first decisions of an application at once
)
