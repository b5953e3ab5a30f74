package payment

import (
	"context"

	"github.com/gradapply/gradapply/core/application"
)

// buyer is who pays for the application, as the provider's window
// prefills it (PortOne customer: fullName, email, phoneNumber). A contact
// that cannot be read leaves its fields empty: the window asks the
// applicant instead, so it never stops a payment.
func (s *Service) buyer(ctx context.Context, h application.Header) Buyer {
	b := Buyer{Name: h.ApplicantName}
	if s.Buyers != nil {
		if got, err := s.Buyers.Buyer(ctx, h.UserID, h.ApplNo); err == nil {
			b = got
			if b.Name == "" {
				b.Name = h.ApplicantName
			}
		}
	}
	if b.Email == "" {
		if to, err := s.Recipients.Recipient(ctx, h.UserID); err == nil {
			b.Email = to.Email
		}
	}
	return b
}
