-- +goose Up
-- A recruitment round (spec section 3 "Recruit part"): school + enter year + sequence.
CREATE TABLE recruit_part (
    school_code       text NOT NULL REFERENCES school(school_code),
    enter_year        integer NOT NULL,
    recruit_part_seq  integer NOT NULL,
    kor_name          text NOT NULL,
    eng_name          text NOT NULL,
    fee_krw           bigint NOT NULL DEFAULT 0 CHECK (fee_krw >= 0),   -- won
    fee_usd           bigint NOT NULL DEFAULT 0 CHECK (fee_usd >= 0),   -- cents
    appl_id_rule      text NOT NULL DEFAULT '{YYYY}{RR}-{SEQ:4}',
    created_at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (school_code, enter_year, recruit_part_seq)
);

-- Time windows per round: COMPLETE, SUBMIT, RECOMMEND, RECOMMEND_REQUEST.
CREATE TABLE recruit_window (
    school_code       text NOT NULL,
    enter_year        integer NOT NULL,
    recruit_part_seq  integer NOT NULL,
    window_type       text NOT NULL CHECK (window_type IN ('COMPLETE','SUBMIT','RECOMMEND','RECOMMEND_REQUEST')),
    starts_at         timestamptz NOT NULL,
    ends_at           timestamptz NOT NULL CHECK (ends_at > starts_at),
    PRIMARY KEY (school_code, enter_year, recruit_part_seq, window_type),
    FOREIGN KEY (school_code, enter_year, recruit_part_seq) REFERENCES recruit_part ON DELETE CASCADE
);

-- +goose Down
DROP TABLE recruit_window;
DROP TABLE recruit_part;
