package edge

import (
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"github.com/gradapply/gradapply/core/apperr"
)

// ErrorBody is the one error shape of the API (spec section 8).
type ErrorBody struct {
	Status          int               `json:"status"`
	Code            string            `json:"code"`
	Message         string            `json:"message"`
	WarningMessage  string            `json:"warningMessage,omitempty"`
	Fields          map[string]string `json:"fields,omitempty"`
	CaptchaRequired bool              `json:"captchaRequired,omitempty"`
}

var kindStatus = map[apperr.Kind]int{
	apperr.KindInvalid:         http.StatusBadRequest,
	apperr.KindNotFound:        http.StatusNotFound,
	apperr.KindConflict:        http.StatusConflict,
	apperr.KindForbidden:       http.StatusForbidden,
	apperr.KindUnauthenticated: http.StatusUnauthorized,
	apperr.KindTooMany:         http.StatusTooManyRequests,
	apperr.KindUnavailable:     http.StatusServiceUnavailable,
}

// ErrorHandler turns any error into the JSON error shape, localised.
func ErrorHandler(c *echo.Context, err error) {
	if resp, _ := echo.UnwrapResponse(c.Response()); resp != nil && resp.Committed {
		return
	}
	loc := LocaleOf(c)
	body := ErrorBody{}
	var ae *apperr.Error
	switch {
	case errors.As(err, &ae):
		body.Status = kindStatus[ae.Kind]
		if body.Status == 0 {
			body.Status = http.StatusInternalServerError
		}
		body.Code = ae.Code
		if body.Status == http.StatusInternalServerError {
			body.Code = "server.error"
		}
		body.Message = Message(loc, body.Code, ae.Params)
		if len(ae.Fields) > 0 {
			body.Fields = map[string]string{}
			for _, f := range ae.Fields {
				if _, dup := body.Fields[f.Field]; !dup {
					body.Fields[f.Field] = Message(loc, f.Code, f.Params)
				}
			}
		}
		body.CaptchaRequired = ae.Code == "captcha.required"
	default:
		body.Status = echo.StatusCode(err)
		switch body.Status {
		case http.StatusNotFound:
			body.Code = "route.not_found"
		case http.StatusMethodNotAllowed:
			body.Code = "method.not_allowed"
		case http.StatusRequestEntityTooLarge:
			body.Code = "request.too_large"
		case http.StatusBadRequest:
			body.Code = "request.malformed"
		case http.StatusUnsupportedMediaType:
			body.Code = "request.json_required"
		case http.StatusTooManyRequests:
			body.Code = "rate.limited"
		case http.StatusUnauthorized:
			body.Code = "auth.required"
		case http.StatusForbidden:
			body.Code = "auth.forbidden"
		default:
			body.Status = http.StatusInternalServerError
			body.Code = "server.error"
		}
		body.Message = Message(loc, body.Code, nil)
	}
	if body.Status >= 500 {
		slog.ErrorContext(c.Request().Context(), "request failed", "err", err, "request_id", requestID(c))
	}
	if body.Status == http.StatusBadRequest || body.Status == http.StatusConflict || body.Status == http.StatusTooManyRequests {
		body.WarningMessage = body.Message
	}
	if body.Status == http.StatusTooManyRequests {
		c.Response().Header().Set("Retry-After", retryAfter(err))
	}
	if c.Request().Method == http.MethodHead {
		_ = c.NoContent(body.Status)
		return
	}
	_ = c.JSON(body.Status, body)
}

// RetryAfterParam is the parameter of a rate-limit error holding the
// seconds until its window ends.
const RetryAfterParam = "retryAfter"

// retryAfter is the Retry-After of a refusal: the limit's own wait when it
// says, else a minute.
func retryAfter(err error) string {
	var ae *apperr.Error
	if errors.As(err, &ae) {
		if s, ok := ae.Params[RetryAfterParam].(int); ok && s > 0 {
			return strconv.Itoa(s)
		}
	}
	return "60"
}
