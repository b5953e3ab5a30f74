-- +goose Up
-- The back office for rounds and school settings (issue 12).

-- What staff set on a round besides names, fees, the exam-number rule and
-- the pay types and channels (those are pay_setting, 00100).
ALTER TABLE recruit_part
    ADD COLUMN IF NOT EXISTS letters_asked integer NOT NULL DEFAULT 0 CHECK (letters_asked BETWEEN 0 AND 5),
    ADD COLUMN IF NOT EXISTS detail_remk_kor text NOT NULL DEFAULT '',
    ADD COLUMN IF NOT EXISTS detail_remk_eng text NOT NULL DEFAULT '',
    ADD COLUMN IF NOT EXISTS updated_at timestamptz NOT NULL DEFAULT now();

-- The school page: logo and contact (colour and names are in school already).
ALTER TABLE school
    ADD COLUMN IF NOT EXISTS logo_url text NOT NULL DEFAULT '' CHECK (length(logo_url) <= 500),
    ADD COLUMN IF NOT EXISTS contact_email text NOT NULL DEFAULT '',
    ADD COLUMN IF NOT EXISTS contact_phone text NOT NULL DEFAULT '';

-- Consent texts as they were in each version: editing a text an
-- application accepted makes a new version (consent_item holds the current
-- one); a submitted application shows the text of the version it accepted.
CREATE TABLE consent_item_version (
    school_code      text NOT NULL REFERENCES school(school_code) ON DELETE CASCADE,
    enter_year       integer NOT NULL DEFAULT 0,
    recruit_part_seq integer NOT NULL DEFAULT 0,
    code             text NOT NULL,
    version          date NOT NULL,
    title_ko         text NOT NULL,
    title_en         text NOT NULL,
    body_ko          text NOT NULL,
    body_en          text NOT NULL,
    PRIMARY KEY (school_code, enter_year, recruit_part_seq, code, version)
);

-- +goose Down
DROP TABLE consent_item_version;
ALTER TABLE school DROP COLUMN logo_url, DROP COLUMN contact_email, DROP COLUMN contact_phone;
ALTER TABLE recruit_part DROP COLUMN letters_asked, DROP COLUMN detail_remk_kor, DROP COLUMN detail_remk_eng, DROP COLUMN updated_at;
