-- +goose Up
-- Recommendation requests and their letters (issue 11; spec sections 3-5).
-- Keys are kept only as their SHA-256 (decisions.md); each mail carries a
-- new key; cancelling or correcting the address clears them, so old links die.
CREATE TABLE recommend_request (
    req_no            bigserial PRIMARY KEY,
    appl_no           bigint NOT NULL REFERENCES application ON DELETE CASCADE,
    school_code       text NOT NULL,
    enter_year        integer NOT NULL,
    recruit_part_seq  integer NOT NULL,
    applicant_user_id text NOT NULL,
    applicant_name    text NOT NULL DEFAULT '',
    exempt            boolean NOT NULL DEFAULT false,
    prof_name         text NOT NULL,
    email             text NOT NULL,
    phone             text NOT NULL DEFAULT '',
    institution       text NOT NULL,
    position          text NOT NULL,
    locale            text NOT NULL CHECK (locale IN ('ko','en')),
    status            text NOT NULL CHECK (status IN ('00010','00020','00030','00040')),
    key_hashes        text[] NOT NULL DEFAULT '{}',  -- every live key, hashed
    cancelled         boolean NOT NULL DEFAULT false,
    created_at        timestamptz NOT NULL,
    mail_sent_at      timestamptz,
    mail_refused_at   timestamptz,
    mail_error        text NOT NULL DEFAULT '',
    opened_at         timestamptz,
    saved_at          timestamptz,
    submitted_at      timestamptz,
    reminded_at       timestamptz,
    template_version  integer NOT NULL DEFAULT 0,
    letter            jsonb NOT NULL DEFAULT '{}',
    profile           jsonb NOT NULL DEFAULT '{}',
    file_name         text NOT NULL DEFAULT '',
    file_stored       text NOT NULL DEFAULT '',
    file_size         bigint NOT NULL DEFAULT 0,
    pdf_stored        text NOT NULL DEFAULT '',
    FOREIGN KEY (school_code, enter_year, recruit_part_seq) REFERENCES recruit_part
);
CREATE INDEX recommend_request_keys ON recommend_request USING gin (key_hashes);
CREATE INDEX recommend_request_appl ON recommend_request (appl_no);
CREATE INDEX recommend_request_email ON recommend_request (email) WHERE NOT cancelled;

-- A recommender's own details, entered once and prefilled afterwards.
CREATE TABLE recommender_profile (
    email       text PRIMARY KEY,
    name        text NOT NULL,
    institution text NOT NULL,
    position    text NOT NULL,
    phone       text NOT NULL DEFAULT '',
    updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Letter templates per round and version; letters keep the version they
-- were opened on.
CREATE TABLE recommend_template (
    school_code       text NOT NULL,
    enter_year        integer NOT NULL,
    recruit_part_seq  integer NOT NULL,
    version           integer NOT NULL CHECK (version > 0),
    letters           integer NOT NULL CHECK (letters BETWEEN 0 AND 5),
    file_required     boolean NOT NULL DEFAULT false,
    questions         jsonb NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (school_code, enter_year, recruit_part_seq, version),
    FOREIGN KEY (school_code, enter_year, recruit_part_seq) REFERENCES recruit_part ON DELETE CASCADE
);

-- +goose Down
DROP TABLE recommend_template;
DROP TABLE recommender_profile;
DROP TABLE recommend_request;
