package public

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/adapters/httpapi/edge"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/form"
	"github.com/gradapply/gradapply/core/school"
)

// SectionsDTO are the groups of applicantInfo shown for each origin of the
// nationality (none chosen, Korean, foreign), from core's one rule.
type SectionsDTO map[form.Origin][]sectionDTO

// sectionDTO is one group shown to the applicant.
type sectionDTO struct {
	Code     string `json:"code"`
	Required bool   `json:"required"`
}

// ToSectionsDTO maps core's value to its JSON shape.
func ToSectionsDTO(m map[form.Origin]form.SectionSet) SectionsDTO {
	out := make(SectionsDTO, len(m))
	for o, set := range m {
		out[o] = edge.MapList(set, func(s form.Section) sectionDTO { return sectionDTO{Code: s.Code, Required: s.Required} })
	}
	return out
}

// formRulesDTO are the form's fixed values the SPA needs, taken from core
// so the client keeps no copy of a server rule (docs/api-apply.md).
type formRulesDTO struct {
	KoreaCode    string          `json:"koreaCode"`
	G20Countries []string        `json:"g20Countries"`
	G20None      string          `json:"g20None"`
	PassportNone string          `json:"passportNone"`
	VisaNone     string          `json:"visaNone"`
	VisaOther    string          `json:"visaOther"`
	MaxFamily    int             `json:"maxFamily"`
	UserID       userIDRuleDTO   `json:"userId"`
	Password     passwordRuleDTO `json:"password"`
	VideoEssay   videoEssayDTO   `json:"videoEssay"`
}

// videoEssayDTO is what the video essay field checks as the link is typed:
// the hosts core refuses (school.VideoEssayRule.Check, a host or one under
// it); the server still decides on Save.
type videoEssayDTO struct {
	StreamingHosts []string `json:"streamingHosts"`
}

type userIDRuleDTO struct {
	MinLength int    `json:"minLength"`
	MaxLength int    `json:"maxLength"`
	Pattern   string `json:"pattern"` // JavaScript RegExp source, whole value
}

// passwordRuleDTO is core's password rule (account.ValidatePassword) as a
// client checks it: the length in characters, the pattern over the whole
// password, and the classes of which it must hold one character each.
type passwordRuleDTO struct {
	MinLength int      `json:"minLength"`
	MaxLength int      `json:"maxLength"`
	Pattern   string   `json:"pattern"`  // JavaScript RegExp source, whole value
	Required  []string `json:"required"` // JavaScript RegExp sources, each found somewhere
}

// formRules answers GET /apply/api/form-rules.
func formRules(c *echo.Context) error {
	d := school.Default("")
	edge.CacheFor(c, time.Hour)
	return c.JSON(http.StatusOK, formRulesDTO{
		KoreaCode:    school.CountryKorea,
		G20Countries: form.G20Countries,
		G20None:      form.G20None,
		PassportNone: d.PassportNone,
		VisaNone:     d.VisaNone,
		VisaOther:    school.VisaOther,
		MaxFamily:    form.MaxFamily,
		UserID:       userIDRuleDTO{MinLength: account.UserIDMin, MaxLength: account.UserIDMax, Pattern: account.UserIDPattern},
		Password: passwordRuleDTO{MinLength: account.PasswordMin, MaxLength: account.PasswordMax,
			Pattern: account.PasswordPattern, Required: account.PasswordClasses()},
		VideoEssay: videoEssayDTO{StreamingHosts: school.DefaultVideoEssay().StreamingHosts},
	})
}
