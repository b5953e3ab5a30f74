-- +goose Up
CREATE TABLE school (
    school_code   text PRIMARY KEY,
    kor_name      text NOT NULL,
    eng_name      text NOT NULL,
    slug          text NOT NULL UNIQUE,       -- /{schoolname}/main
    color         text NOT NULL DEFAULT 'orange',
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE app_user (
    id              bigserial PRIMARY KEY,
    user_id         text NOT NULL,
    email           text NOT NULL,
    password_hash   text NOT NULL,
    status          text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE','INACTIVE','WITHDRAW')),
    locale          text NOT NULL DEFAULT 'ko' CHECK (locale IN ('ko','en')),
    school_code     text REFERENCES school(school_code),
    terms_agreed_at timestamptz NOT NULL,
    privacy_agreed_at timestamptz NOT NULL,
    last_login_at   timestamptz,
    dormancy_notified_at timestamptz,
    token_version   integer NOT NULL DEFAULT 0,   -- bumped to revoke every token
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX app_user_user_id_key ON app_user (lower(user_id));
CREATE UNIQUE INDEX app_user_email_key ON app_user (lower(email)) WHERE status <> 'WITHDRAW';

CREATE TABLE user_role (
    user_pk   bigint NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
    role      text NOT NULL,
    PRIMARY KEY (user_pk, role)
);

-- A code mailed to confirm an address before sign-up; stored hashed.
CREATE TABLE email_confirmation (
    email       text PRIMARY KEY,
    code_hash   text NOT NULL,
    attempts    integer NOT NULL DEFAULT 0,
    expires_at  timestamptz NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- Revoked access tokens (by jti) until their expiry.
CREATE TABLE revoked_token (
    jti         text PRIMARY KEY,
    expires_at  timestamptz NOT NULL
);
CREATE INDEX revoked_token_expires_idx ON revoked_token (expires_at);

-- Transactional outbox: written in the transaction of the change that causes
-- a job (mail), relayed to the queue afterwards.
CREATE TABLE outbox (
    id            bigserial PRIMARY KEY,
    task_type     text NOT NULL,
    payload       jsonb NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    attempts      integer NOT NULL DEFAULT 0,
    last_error    text,
    next_try_at   timestamptz NOT NULL DEFAULT now(),
    relayed_at    timestamptz
);
CREATE INDEX outbox_pending_idx ON outbox (next_try_at) WHERE relayed_at IS NULL;

CREATE TABLE audit_log (
    id          bigserial PRIMARY KEY,
    actor       text NOT NULL,
    action      text NOT NULL,
    target      text NOT NULL,
    detail      jsonb,
    remote_addr text,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE audit_log;
DROP TABLE outbox;
DROP TABLE revoked_token;
DROP TABLE email_confirmation;
DROP TABLE user_role;
DROP TABLE app_user;
DROP TABLE school;
