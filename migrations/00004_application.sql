-- +goose Up
-- Applications and every part of the form (spec section 3). Identification
-- numbers are AES-256-GCM ciphertexts (*_enc, adapters/fieldcrypt); drafts too,
-- since they may hold them.

CREATE TABLE application (
    appl_no           bigserial PRIMARY KEY,
    user_pk           bigint REFERENCES app_user(id) ON DELETE SET NULL,  -- unlinked on withdrawal
    user_id           text,                                              -- owner's id at creation
    school_code       text NOT NULL,
    enter_year        integer NOT NULL,
    recruit_part_seq  integer NOT NULL,
    appl_id           text,                                              -- exam number, at COMPLETE
    status            text NOT NULL CHECK (status IN ('APPL_PART_SAVE','BASIS_SAVE','ACAD_SAVE','LANG_SAVE','CAREER_SAVE',
                          'ADD_INFO_SAVE','FILE_SAVE','SURVEY','SUBMIT','VBANK_ISSUE','COMPLETE','CANCEL')),
    review_status     text CHECK (review_status IN ('APPL_PART_SAVE','BASIS_SAVE','ACAD_SAVE','LANG_SAVE','CAREER_SAVE',
                          'ADD_INFO_SAVE','FILE_SAVE','SURVEY','SUBMIT','VBANK_ISSUE','COMPLETE','CANCEL')),
    is_reviewing      boolean NOT NULL DEFAULT false,
    applicant_name    text NOT NULL DEFAULT '',
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (school_code, enter_year, recruit_part_seq) REFERENCES recruit_part
);
-- One application per applicant and round, unless cancelled.
CREATE UNIQUE INDEX application_active_key ON application (user_pk, school_code, enter_year, recruit_part_seq) WHERE status <> 'CANCEL';
CREATE UNIQUE INDEX application_appl_id_key ON application (school_code, enter_year, recruit_part_seq, appl_id) WHERE appl_id IS NOT NULL;
CREATE INDEX application_user_idx ON application (user_id);
CREATE INDEX application_round_idx ON application (school_code, enter_year, recruit_part_seq, status);

-- The part chosen (applPartRequestList); choice_seq 1 is the choice.
CREATE TABLE application_part (
    appl_no               bigint NOT NULL REFERENCES application ON DELETE CASCADE,
    choice_seq            integer NOT NULL DEFAULT 1,
    appl_part_no          bigint NOT NULL REFERENCES recruit_part_major,
    major_code            text NOT NULL,
    is_master             boolean NOT NULL,
    is_general_type       boolean NOT NULL,
    stay_type_code        text NOT NULL DEFAULT '',
    category_code         text NOT NULL,
    detail_remk_kor       text NOT NULL DEFAULT '',
    detail_remk_eng       text NOT NULL DEFAULT '',
    add_certificate_count integer NOT NULL DEFAULT 0,
    PRIMARY KEY (appl_no, choice_seq)
);

-- Consent items accepted, with the version shown (decisions.md).
CREATE TABLE appl_consent (
    appl_no     bigint NOT NULL REFERENCES application ON DELETE CASCADE,
    code        text NOT NULL,
    version     date NOT NULL,
    accepted_at timestamptz NOT NULL,
    PRIMARY KEY (appl_no, code)
);

-- When each step was last saved (drafts newer than this are offered back).
CREATE TABLE appl_step_saved (
    appl_no  bigint NOT NULL REFERENCES application ON DELETE CASCADE,
    step     text NOT NULL,
    saved_at timestamptz NOT NULL,
    PRIMARY KEY (appl_no, step)
);

-- Basic info (applicantInfo) with all its groups.
CREATE TABLE appl_basis (
    appl_no                        bigint PRIMARY KEY REFERENCES application ON DELETE CASCADE,
    gend                           text NOT NULL CHECK (gend IN ('M','F')),
    kor_name                       text NOT NULL DEFAULT '',
    eng_name                       text NOT NULL DEFAULT '',
    first_name                     text NOT NULL DEFAULT '',
    middle_name                    text NOT NULL DEFAULT '',
    last_name                      text NOT NULL DEFAULT '',
    eng_first_name                 text NOT NULL DEFAULT '',
    eng_last_name                  text NOT NULL DEFAULT '',
    first_name_eng                 text NOT NULL DEFAULT '',
    last_name_eng                  text NOT NULL DEFAULT '',
    nationality                    text NOT NULL REFERENCES country(code),
    multi_nationality              boolean NOT NULL DEFAULT false,
    multi_nationality_code         text NOT NULL DEFAULT '',
    birth_date                     date NOT NULL,
    foreigner_type                 text NOT NULL DEFAULT '',
    is_compatriot                  boolean NOT NULL DEFAULT false,
    overseas_korean                boolean NOT NULL DEFAULT false,
    g20_member                     boolean NOT NULL DEFAULT false,
    g20_answers                    text[] NOT NULL DEFAULT '{}',
    scholarship                    boolean NOT NULL DEFAULT false,
    resident_no_enc                bytea,            -- resident registration number, last 7 digits
    passport_no_enc                bytea,
    passport_issue_date            date,
    passport_expiry_date           date,
    passport_issue_country         text NOT NULL DEFAULT '',
    visa_type_code                 text NOT NULL DEFAULT '',
    visa_type_etc                  text NOT NULL DEFAULT '',
    visa_no                        text NOT NULL DEFAULT '',
    visa_expiry_date               date,
    visa_change_required           boolean NOT NULL DEFAULT false,
    apply_visa                     text NOT NULL DEFAULT '',
    is_have_experience_apply_visa  boolean NOT NULL DEFAULT false,
    is_apply_visa_approved         boolean NOT NULL DEFAULT false,
    travel_abroad                  boolean NOT NULL DEFAULT false,
    alien_no_enc                   bytea,            -- alien registration number, 13 digits
    alien_registration_status      text NOT NULL DEFAULT '',
    address                        text NOT NULL DEFAULT '',
    address_detail                 text NOT NULL DEFAULT '',
    post_code                      text NOT NULL DEFAULT '',
    foreign_address                text NOT NULL DEFAULT '',
    phone                          text NOT NULL DEFAULT '',
    mobile                         text NOT NULL DEFAULT '',
    email                          text NOT NULL DEFAULT '',
    messenger_id                   text NOT NULL DEFAULT '',
    skype_id                       text NOT NULL DEFAULT '',
    video_essay_url                text NOT NULL DEFAULT '',
    hometown                       text NOT NULL DEFAULT '',
    entry_date                     date,
    months_of_stay                 integer CHECK (months_of_stay >= 0),
    emergency_name                 text NOT NULL DEFAULT '',
    emergency_relation             text NOT NULL DEFAULT '',
    emergency_phone                text NOT NULL DEFAULT '',
    marital_status                 text NOT NULL DEFAULT '',
    child_num                      integer CHECK (child_num >= 0),
    spouse_name                    text NOT NULL DEFAULT '',
    spouse_nationality             text NOT NULL DEFAULT '',
    spouse_birth_date              date,
    spouse_occupation              text NOT NULL DEFAULT '',
    spouse_phone                   text NOT NULL DEFAULT '',
    guarantor_name                 text NOT NULL DEFAULT '',
    guarantor_relation             text NOT NULL DEFAULT '',
    guarantor_occupation           text NOT NULL DEFAULT '',
    guarantor_phone                text NOT NULL DEFAULT '',
    guarantor_email                text NOT NULL DEFAULT '',
    guarantor_address              text NOT NULL DEFAULT '',
    guarantor_annual_income        text NOT NULL DEFAULT '',
    lang_school_name               text NOT NULL DEFAULT '',
    lang_school_country            text NOT NULL DEFAULT '',
    lang_school_enter_day          date,
    lang_school_graduate_day       date,
    lang_school_level              text NOT NULL DEFAULT '',
    residency_type_code            text NOT NULL DEFAULT '',
    residency_country_code         text NOT NULL DEFAULT '',
    agency_name                    text NOT NULL DEFAULT '',
    agency_agent_name              text NOT NULL DEFAULT '',
    agency_email                   text NOT NULL DEFAULT '',
    agency_phone                   text NOT NULL DEFAULT '',
    agency_wechat_id               text NOT NULL DEFAULT ''
);

CREATE TABLE appl_family (
    appl_no     bigint NOT NULL REFERENCES appl_basis ON DELETE CASCADE,
    seq         integer NOT NULL,
    relation    text NOT NULL DEFAULT '',
    name        text NOT NULL DEFAULT '',
    nationality text NOT NULL DEFAULT '',
    birth_date  date,
    occupation  text NOT NULL DEFAULT '',
    phone       text NOT NULL DEFAULT '',
    PRIMARY KEY (appl_no, seq)
);

CREATE TABLE appl_acad (
    appl_no            bigint NOT NULL REFERENCES application ON DELETE CASCADE,
    seq                integer NOT NULL,
    acad_type          text NOT NULL DEFAULT '',
    school_code        text NOT NULL,
    search_school_name text NOT NULL DEFAULT '',
    country_code       text NOT NULL REFERENCES country(code),
    city               text NOT NULL DEFAULT '',
    college            text NOT NULL DEFAULT '',
    major              text NOT NULL DEFAULT '',
    department         text NOT NULL DEFAULT '',
    acad_final         boolean NOT NULL DEFAULT false,
    enter_day          date NOT NULL,
    graduate_day       date,
    graduation_status  text NOT NULL DEFAULT '',
    degree_no          text NOT NULL DEFAULT '',
    degree_course      text NOT NULL DEFAULT '',
    degree_level       text NOT NULL DEFAULT '',
    transfer           boolean NOT NULL DEFAULT false,
    credits            text NOT NULL DEFAULT '',
    grade_form         text NOT NULL,
    full_score         text NOT NULL DEFAULT '',
    full_score_etc     text NOT NULL DEFAULT '',
    gpa                text NOT NULL DEFAULT '',
    student_id         text NOT NULL DEFAULT '',
    PRIMARY KEY (appl_no, seq)
);
-- Exactly one final education per application (also checked by core).
CREATE UNIQUE INDEX appl_acad_final_key ON appl_acad (appl_no) WHERE acad_final;

CREATE TABLE appl_lang (
    appl_no        bigint NOT NULL REFERENCES application ON DELETE CASCADE,
    seq            integer NOT NULL,
    node_id        text NOT NULL,
    lang_exam_code text NOT NULL,
    score          text NOT NULL DEFAULT '',
    level          text NOT NULL DEFAULT '',
    doc_no         text NOT NULL DEFAULT '',
    exam_day       date NOT NULL,
    expiry_day     date,
    topik_seq      text NOT NULL DEFAULT '',
    PRIMARY KEY (appl_no, seq),
    UNIQUE (appl_no, node_id),
    UNIQUE (appl_no, lang_exam_code)
);

CREATE TABLE appl_career (
    appl_no         bigint NOT NULL REFERENCES application ON DELETE CASCADE,
    seq             integer NOT NULL,
    company_name    text NOT NULL,
    description     text NOT NULL DEFAULT '',
    address         text NOT NULL DEFAULT '',
    comp_type       text NOT NULL DEFAULT '',
    employment_type text NOT NULL DEFAULT '',
    department      text NOT NULL DEFAULT '',
    position        text NOT NULL DEFAULT '',
    join_day        date NOT NULL,
    retire_day      date,
    current_yn      boolean NOT NULL DEFAULT false,
    PRIMARY KEY (appl_no, seq)
);
CREATE UNIQUE INDEX appl_career_current_key ON appl_career (appl_no) WHERE current_yn;

CREATE TABLE appl_certificate (
    appl_no     bigint NOT NULL REFERENCES application ON DELETE CASCADE,
    seq         integer NOT NULL,
    category    text NOT NULL DEFAULT '',
    description text NOT NULL,
    institution text NOT NULL DEFAULT '',
    issue_day   date NOT NULL,
    PRIMARY KEY (appl_no, seq)
);

CREATE TABLE appl_essay (
    appl_no  bigint NOT NULL REFERENCES application ON DELETE CASCADE,
    essay_no integer NOT NULL,
    lang     text NOT NULL CHECK (lang IN ('ko','en')),
    text     text NOT NULL,
    PRIMARY KEY (appl_no, essay_no)
);

-- Survey meta of a stage (PART with the application part, SURVEY the step).
CREATE TABLE appl_survey (
    appl_no      bigint NOT NULL REFERENCES application ON DELETE CASCADE,
    stage        text NOT NULL CHECK (stage IN ('PART','SURVEY')),
    alumni       boolean NOT NULL DEFAULT false,
    contact_code text NOT NULL DEFAULT '',
    PRIMARY KEY (appl_no, stage)
);

CREATE TABLE appl_survey_answer (
    appl_no       bigint NOT NULL,
    stage         text NOT NULL,
    seq           integer NOT NULL,
    question_code text NOT NULL,
    sub_question  text NOT NULL DEFAULT '',
    input_type    text NOT NULL DEFAULT '',
    answer        text NOT NULL DEFAULT '',
    item_code     text NOT NULL DEFAULT '',
    comment       text NOT NULL DEFAULT '',
    is_leaf       boolean NOT NULL DEFAULT true,
    depth         integer NOT NULL DEFAULT 1,
    sub_answer    text NOT NULL DEFAULT '',
    PRIMARY KEY (appl_no, stage, seq),
    FOREIGN KEY (appl_no, stage) REFERENCES appl_survey ON DELETE CASCADE
);

-- What the applicant typed and has not saved yet, per step (encrypted JSON).
CREATE TABLE appl_draft (
    appl_no  bigint NOT NULL REFERENCES application ON DELETE CASCADE,
    step     text NOT NULL,
    data_enc bytea NOT NULL,
    saved_at timestamptz NOT NULL,
    PRIMARY KEY (appl_no, step)
);

-- +goose Down
DROP TABLE appl_draft;
DROP TABLE appl_survey_answer;
DROP TABLE appl_survey;
DROP TABLE appl_essay;
DROP TABLE appl_certificate;
DROP TABLE appl_career;
DROP TABLE appl_lang;
DROP TABLE appl_acad;
DROP TABLE appl_family;
DROP TABLE appl_basis;
DROP TABLE appl_step_saved;
DROP TABLE appl_consent;
DROP TABLE application_part;
DROP TABLE application;
