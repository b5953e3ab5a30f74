package evaluation

import (
	"math"
	"strconv"
)

func itoa(i int) string { return strconv.Itoa(i) }

func itoa64(i int64) string { return strconv.FormatInt(i, 10) }

func round2(v float64) float64 { return math.Round(v*100) / 100 }
