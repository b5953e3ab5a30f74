package edge

import (
	"strconv"
	"strings"

	"github.com/gradapply/gradapply/core/apperr"
	"github.com/gradapply/gradapply/core/application"
	"github.com/gradapply/gradapply/core/round"
)

// RoundID is the react-admin id of a round: school-year-seq.
func RoundID(k application.RoundKey) string {
	return k.SchoolCode + "-" + strconv.Itoa(k.EnterYear) + "-" + strconv.Itoa(k.RecruitPartSeq)
}

// ParseRoundID reads a round id; anything malformed is a round that does
// not exist.
func ParseRoundID(id string) (application.RoundKey, error) {
	i := strings.LastIndexByte(id, '-')
	if i <= 0 {
		return application.RoundKey{}, apperr.NotFound(round.CodeNotFound)
	}
	j := strings.LastIndexByte(id[:i], '-')
	if j <= 0 {
		return application.RoundKey{}, apperr.NotFound(round.CodeNotFound)
	}
	y, err1 := strconv.Atoi(id[j+1 : i])
	n, err2 := strconv.Atoi(id[i+1:])
	if err1 != nil || err2 != nil {
		return application.RoundKey{}, apperr.NotFound(round.CodeNotFound)
	}
	return application.RoundKey{SchoolCode: id[:j], EnterYear: y, RecruitPartSeq: n}, nil
}
