-- +goose Up
-- Documents, submission and completion (issue 5).

-- Document items: NULL school_code = the service default; a school's rows
-- (enter_year NULL) replace the defaults for its rounds; a round's rows
-- (enter_year and recruit_part_seq set) replace the school's.
CREATE TABLE doc_item (
    id                bigserial PRIMARY KEY,
    school_code       text,
    enter_year        integer,
    recruit_part_seq  integer,
    item_code         text NOT NULL,
    grp_code          text NOT NULL,
    grp_kor_name      text NOT NULL,
    grp_eng_name      text NOT NULL,
    kor_name          text NOT NULL,
    eng_name          text NOT NULL,
    required          boolean NOT NULL DEFAULT false,
    extensions        text[] NOT NULL CHECK (cardinality(extensions) > 0),
    max_size          bigint NOT NULL DEFAULT 0 CHECK (max_size >= 0),   -- 0: 3 MB images, 30 MB others
    seq               integer NOT NULL DEFAULT 0,
    CHECK ((enter_year IS NULL) = (recruit_part_seq IS NULL)),
    CHECK (school_code IS NOT NULL OR enter_year IS NULL)
);
CREATE UNIQUE INDEX doc_item_key ON doc_item (coalesce(school_code, ''), coalesce(enter_year, 0), coalesce(recruit_part_seq, 0), item_code);

INSERT INTO doc_item (school_code, item_code, grp_code, grp_kor_name, grp_eng_name, kor_name, eng_name, required, extensions, max_size, seq) VALUES
(NULL, '00001', 'basic', '기본 서류', 'Basic documents', '증명사진', 'ID photo', true, '{jpg,png}', 0, 1),
(NULL, '00002', 'acad', '학력 서류', 'Academic documents', '졸업(예정)증명서', 'Certificate of (expected) graduation', true, '{pdf,jpg,png}', 0, 2),
(NULL, '00003', 'acad', '학력 서류', 'Academic documents', '성적증명서', 'Academic transcript', true, '{pdf}', 0, 3),
(NULL, '00004', 'career', '어학·경력 서류', 'Language and career documents', '어학성적표', 'Language test score report', false, '{pdf,jpg,png}', 0, 4),
(NULL, '00005', 'career', '어학·경력 서류', 'Language and career documents', '경력증명서', 'Certificate of employment', false, '{pdf,jpg,png}', 0, 5),
(NULL, '00099', 'etc', '기타 서류', 'Other documents', '기타 서류', 'Other document', false, '{pdf,jpg,png,doc,docx,hwp,hwpx,zip}', 0, 99),
-- The performing-arts school asks for a video portfolio, up to 50 MB.
('ARTS01', '00001', 'basic', '기본 서류', 'Basic documents', '증명사진', 'ID photo', true, '{jpg,png}', 0, 1),
('ARTS01', '00002', 'acad', '학력 서류', 'Academic documents', '졸업(예정)증명서', 'Certificate of (expected) graduation', true, '{pdf,jpg,png}', 0, 2),
('ARTS01', '00003', 'acad', '학력 서류', 'Academic documents', '성적증명서', 'Academic transcript', true, '{pdf}', 0, 3),
('ARTS01', '00006', 'art', '실기 서류', 'Performance documents', '연기 영상 포트폴리오', 'Acting video portfolio', false, '{mp4,mov,pdf}', 52428800, 6),
('ARTS01', '00099', 'etc', '기타 서류', 'Other documents', '기타 서류', 'Other document', false, '{pdf,jpg,png,doc,docx,hwp,hwpx,zip}', 0, 99);

-- Uploaded files: item documents (slot 0) and the 5 extra slots (item 00099).
CREATE TABLE appl_document (
    file_key     text PRIMARY KEY,                       -- random, given to the client
    appl_no      bigint NOT NULL REFERENCES application ON DELETE CASCADE,
    item_code    text NOT NULL,
    slot         integer NOT NULL DEFAULT 0 CHECK (slot BETWEEN 0 AND 5),
    file_name    text NOT NULL,                          -- as the applicant named it
    stored_name  text NOT NULL UNIQUE,                   -- generated name in the file store
    ext          text NOT NULL,
    size         bigint NOT NULL CHECK (size > 0),
    uploaded_at  timestamptz NOT NULL
);
CREATE UNIQUE INDEX appl_document_item_key ON appl_document (appl_no, item_code, slot);

-- Exam-number sequence per round: taken with UPDATE ... RETURNING in the
-- completing transaction, never given twice (application_appl_id_key
-- guards the numbers themselves).
CREATE TABLE appl_id_counter (
    school_code       text NOT NULL,
    enter_year        integer NOT NULL,
    recruit_part_seq  integer NOT NULL,
    last_seq          integer NOT NULL DEFAULT 0 CHECK (last_seq >= 0),
    PRIMARY KEY (school_code, enter_year, recruit_part_seq),
    FOREIGN KEY (school_code, enter_year, recruit_part_seq) REFERENCES recruit_part ON DELETE CASCADE
);

ALTER TABLE application ADD COLUMN completed_at timestamptz;

-- The first default used a token core/examno does not know ({RR}).
ALTER TABLE recruit_part ALTER COLUMN appl_id_rule SET DEFAULT '{YYYY}{ROUND:2}-{SEQ:4}';
UPDATE recruit_part SET appl_id_rule = '{YYYY}{ROUND:2}-{SEQ:4}' WHERE appl_id_rule = '{YYYY}{RR}-{SEQ:4}';

-- Payments recorded for applications (free completions here; the payment
-- issue adds providers).
CREATE TABLE appl_payment (
    id          bigserial PRIMARY KEY,
    appl_no     bigint NOT NULL REFERENCES application ON DELETE CASCADE,
    pay_type    text NOT NULL CHECK (pay_type IN ('card','vbank','trans','visa_master','free')),
    currency    text NOT NULL,
    fee         bigint NOT NULL,
    surcharge   bigint NOT NULL,
    total       bigint NOT NULL,
    result      text NOT NULL DEFAULT 'PAID',
    paid_at     timestamptz NOT NULL
);
CREATE INDEX appl_payment_appl_idx ON appl_payment (appl_no);

-- +goose Down
DROP TABLE appl_payment;
ALTER TABLE recruit_part ALTER COLUMN appl_id_rule SET DEFAULT '{YYYY}{RR}-{SEQ:4}';
ALTER TABLE application DROP COLUMN completed_at;
DROP TABLE appl_id_counter;
DROP TABLE appl_document;
DROP TABLE doc_item;
