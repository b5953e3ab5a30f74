-- +goose Up
-- Notices and bulk mail (issue 23 item 4). A notice belongs to a school
-- (optionally one of its rounds) or, with no school, to the whole site;
-- it shows from starts_at until ends_at. A bulk mail goes to a round's
-- applicants chosen by status and decision; its recipients are fixed when
-- it is sent, one row per (mail, member): the unique constraint is the
-- rule that nobody gets one mail twice.
CREATE TABLE notice (
    id               bigserial PRIMARY KEY,
    school_code      text REFERENCES school ON DELETE CASCADE,
    enter_year       integer,
    recruit_part_seq integer,
    title_ko         text NOT NULL,
    title_en         text NOT NULL,
    body_ko          text NOT NULL,
    body_en          text NOT NULL,
    starts_at        timestamptz NOT NULL,
    ends_at          timestamptz NOT NULL,
    created_by       text NOT NULL,
    created_at       timestamptz NOT NULL,
    updated_by       text NOT NULL,
    updated_at       timestamptz NOT NULL,
    CHECK (ends_at > starts_at),
    CHECK ((enter_year IS NULL) = (recruit_part_seq IS NULL) AND (school_code IS NOT NULL OR enter_year IS NULL)),
    FOREIGN KEY (school_code, enter_year, recruit_part_seq) REFERENCES recruit_part ON DELETE CASCADE
);
CREATE INDEX notice_school_idx ON notice (school_code, starts_at);

CREATE TABLE bulk_mail (
    id               bigserial PRIMARY KEY,
    school_code      text NOT NULL,
    enter_year       integer NOT NULL,
    recruit_part_seq integer NOT NULL,
    filter_status    text NOT NULL DEFAULT '',
    filter_decision  text NOT NULL DEFAULT '',
    subject_ko       text NOT NULL,
    subject_en       text NOT NULL,
    body_ko          text NOT NULL,
    body_en          text NOT NULL,
    state            text NOT NULL CHECK (state IN ('draft','sending','done')),
    created_by       text NOT NULL,
    created_at       timestamptz NOT NULL,
    sent_by          text NOT NULL DEFAULT '',
    sent_at          timestamptz,
    done_at          timestamptz,
    FOREIGN KEY (school_code, enter_year, recruit_part_seq) REFERENCES recruit_part ON DELETE CASCADE
);
CREATE INDEX bulk_mail_round_idx ON bulk_mail (school_code, enter_year, recruit_part_seq);
CREATE INDEX bulk_mail_sending_idx ON bulk_mail (id) WHERE state = 'sending';

CREATE TABLE bulk_mail_recipient (
    id        bigserial PRIMARY KEY,
    mail_id   bigint NOT NULL REFERENCES bulk_mail ON DELETE CASCADE,
    user_id   text NOT NULL,
    mailed_at timestamptz,
    CONSTRAINT bulk_mail_recipient_once UNIQUE (mail_id, user_id)
);
CREATE INDEX bulk_mail_recipient_due_idx ON bulk_mail_recipient (mail_id, id) WHERE mailed_at IS NULL;

-- +goose Down
DROP TABLE bulk_mail_recipient;
DROP TABLE bulk_mail;
DROP TABLE notice;
