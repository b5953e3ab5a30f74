package storetest

import (
	"errors"
	"strconv"

	"github.com/gradapply/gradapply/core/apperr"
)

func asErr(err error, target **apperr.Error) bool { return errors.As(err, target) }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
