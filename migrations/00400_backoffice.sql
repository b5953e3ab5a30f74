-- +goose Up
-- Membership measures of spec section 4 (limit, suspend, end), issue 13.
CREATE TABLE user_sanction (
    id          bigserial PRIMARY KEY,
    user_pk     bigint NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
    kind        text NOT NULL CHECK (kind IN ('LIMIT','SUSPEND','END')),
    cause       text NOT NULL CHECK (cause IN ('FALSE_INFO','DISRUPTION','OTHER')),
    note        text NOT NULL,
    fix_by      date,
    created_by  text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_sanction_user_idx ON user_sanction (user_pk, created_at);

-- The personal-data access log is append-only and kept at least 2 years
-- (decisions.md): no row is changed, and none younger than 2 years removed.
CREATE INDEX audit_log_created_idx ON audit_log (created_at);
CREATE INDEX audit_log_actor_idx ON audit_log (actor, created_at);
CREATE INDEX audit_log_target_idx ON audit_log (target, created_at);

-- +goose StatementBegin
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        RAISE EXCEPTION 'audit_log is append-only';
    END IF;
    IF OLD.created_at > now() - interval '2 years' THEN
        RAISE EXCEPTION 'audit_log rows are kept 2 years';
    END IF;
    RETURN OLD;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

-- +goose Down
DROP TRIGGER audit_log_append_only ON audit_log;
DROP FUNCTION audit_log_append_only();
DROP INDEX audit_log_target_idx;
DROP INDEX audit_log_actor_idx;
DROP INDEX audit_log_created_idx;
DROP TABLE user_sanction;
