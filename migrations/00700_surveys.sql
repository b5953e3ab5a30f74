-- +goose Up
-- Surveys (issues 12 and 14). A school's application survey questions may
-- be edited in the back office; a question or item that an application
-- answered is retired (hidden from new forms) instead of deleted, so the
-- answers keep their meaning.
ALTER TABLE survey_question ADD COLUMN retired boolean NOT NULL DEFAULT false;
ALTER TABLE survey_item ADD COLUMN retired boolean NOT NULL DEFAULT false;

-- Site surveys (/survey): published by the provider (school_code '') or a
-- school, to every signed-in user (ALL), the applicants of a school
-- (SCHOOL) or of one round (ROUND). is_completion: the round's completion
-- survey, offered at /appl/survey after an application completes.
CREATE TABLE site_survey (
    survey_id        bigserial PRIMARY KEY,
    school_code      text NOT NULL DEFAULT '',
    title_ko         text NOT NULL,
    title_en         text NOT NULL,
    start_day        date NOT NULL,
    end_day          date NOT NULL,
    audience         text NOT NULL CHECK (audience IN ('ALL','SCHOOL','ROUND')),
    enter_year       integer NOT NULL DEFAULT 0,
    recruit_part_seq integer NOT NULL DEFAULT 0,
    is_completion    boolean NOT NULL DEFAULT false,
    created_by       text NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX site_survey_school_idx ON site_survey (school_code);
-- One completion survey per round.
CREATE UNIQUE INDEX site_survey_completion_idx ON site_survey (school_code, enter_year, recruit_part_seq) WHERE is_completion;

-- Questions and items have the shape of survey_question and survey_item.
CREATE TABLE site_survey_question (
    survey_id     bigint NOT NULL REFERENCES site_survey ON DELETE CASCADE,
    question_code text NOT NULL,
    input_type    text NOT NULL CHECK (input_type IN ('radio','checkbox','text','textarea')),
    kor_text      text NOT NULL,
    eng_text      text NOT NULL,
    required      boolean NOT NULL DEFAULT true,
    seq           integer NOT NULL DEFAULT 0,
    PRIMARY KEY (survey_id, question_code)
);

CREATE TABLE site_survey_item (
    survey_id     bigint NOT NULL,
    question_code text NOT NULL,
    item_code     text NOT NULL,
    kor_value     text NOT NULL,
    eng_value     text NOT NULL,
    has_comment   boolean NOT NULL DEFAULT false,
    seq           integer NOT NULL DEFAULT 0,
    PRIMARY KEY (survey_id, question_code, item_code),
    FOREIGN KEY (survey_id, question_code) REFERENCES site_survey_question ON DELETE CASCADE
);

-- One response per user and survey (the primary key refuses a second).
CREATE TABLE site_survey_response (
    survey_id   bigint NOT NULL REFERENCES site_survey ON DELETE CASCADE,
    user_id     text NOT NULL,
    answered_at timestamptz NOT NULL,
    PRIMARY KEY (survey_id, user_id)
);

-- Answers have the shape of appl_survey_answer.
CREATE TABLE site_survey_answer (
    survey_id     bigint NOT NULL,
    user_id       text NOT NULL,
    seq           integer NOT NULL,
    question_code text NOT NULL,
    item_code     text NOT NULL DEFAULT '',
    answer        text NOT NULL DEFAULT '',
    comment       text NOT NULL DEFAULT '',
    PRIMARY KEY (survey_id, user_id, seq),
    FOREIGN KEY (survey_id, user_id) REFERENCES site_survey_response ON DELETE CASCADE
);

-- +goose Down
DROP TABLE site_survey_answer;
DROP TABLE site_survey_response;
DROP TABLE site_survey_item;
DROP TABLE site_survey_question;
DROP TABLE site_survey;
ALTER TABLE survey_item DROP COLUMN retired;
ALTER TABLE survey_question DROP COLUMN retired;
