-- +goose Up
-- The 1:1 inquiry board (issue 14 item 7). An inquiry is a complaint record
-- (seed section 9: kept 3 years), so it keeps the member's id as text and
-- outlives the account. posts is the thread after the question: staff
-- answers and the member's follow-ups, oldest first.
CREATE TABLE inquiry (
    inquiry_no   bigserial PRIMARY KEY,
    user_id      text NOT NULL,
    type         text NOT NULL CHECK (type IN ('application','payment','recommendation','account','other')),
    title        text NOT NULL,
    body         text NOT NULL,
    school_code  text NOT NULL DEFAULT '',
    status       text NOT NULL CHECK (status IN ('waiting','answered','closed')),
    file_name    text NOT NULL DEFAULT '',
    file_stored  text NOT NULL DEFAULT '',
    file_size    bigint NOT NULL DEFAULT 0,
    posts        jsonb NOT NULL DEFAULT '[]',
    unread       boolean NOT NULL DEFAULT false,
    created_at   timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL
);
CREATE INDEX inquiry_user ON inquiry (user_id, created_at DESC);
CREATE INDEX inquiry_school ON inquiry (school_code, created_at DESC);
CREATE INDEX inquiry_unread ON inquiry (user_id) WHERE unread;

-- +goose Down
DROP TABLE inquiry;
