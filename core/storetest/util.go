package storetest

import (
	"errors"

	"github.com/gradapply/gradapply/core/apperr"
)

func asErr(err error, target **apperr.Error) bool { return errors.As(err, target) }
