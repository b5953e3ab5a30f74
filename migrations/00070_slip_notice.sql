-- +goose Up
-- The notice a round prints on its admission slips (issue 8, defect 5):
-- where and when the examination takes place, what to bring. Empty: none.
ALTER TABLE recruit_part
    ADD COLUMN slip_notice_kor text NOT NULL DEFAULT '' CHECK (length(slip_notice_kor) <= 1000),
    ADD COLUMN slip_notice_eng text NOT NULL DEFAULT '' CHECK (length(slip_notice_eng) <= 1000);

-- +goose Down
ALTER TABLE recruit_part DROP COLUMN slip_notice_kor, DROP COLUMN slip_notice_eng;
