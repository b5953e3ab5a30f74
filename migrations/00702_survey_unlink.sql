-- +goose Up
-- A member who leaves keeps no link to their survey answers: the response
-- gets an anonymous key (the school's results keep the answer), and the
-- answers follow it.
ALTER TABLE site_survey_answer DROP CONSTRAINT site_survey_answer_survey_id_user_id_fkey,
    ADD FOREIGN KEY (survey_id, user_id) REFERENCES site_survey_response ON DELETE CASCADE ON UPDATE CASCADE;

-- +goose Down
ALTER TABLE site_survey_answer DROP CONSTRAINT site_survey_answer_survey_id_user_id_fkey,
    ADD FOREIGN KEY (survey_id, user_id) REFERENCES site_survey_response ON DELETE CASCADE;
