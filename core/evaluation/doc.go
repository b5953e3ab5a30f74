// Package evaluation is the reviewers' side of a round (issue 23 item 2):
// a Rubric per round (criteria with ko and en names, weights and score
// ranges), the assignment of applications to reviewers, and one Sheet per
// (application, reviewer) holding the reviewer's scores and comment.
//
// An assignment is the sheet itself: assigning a reviewer to an
// application creates its empty sheet, unassigning withdraws it (only
// while nothing is submitted). So "what a reviewer may read" is "the
// sheets it holds", one source for both.
//
// Decisions where the issue is silent (docs/officers.md):
//   - The rubric is editable until the first sheet of the round is
//     submitted; submitting locks it (the rubric's row lock is taken first,
//     then the sheet's, by every use case: no deadlock, no edit racing a
//     submission).
//   - A sheet's total is the weighted mean of its scores, each scaled to
//     0..100 within its criterion's range: Σ wᵢ·(sᵢ−minᵢ)/(maxᵢ−minᵢ) ·
//     100 / Σ wᵢ, rounded to two decimals. Totals of different rubrics stay
//     comparable and a criterion's range does not weigh it.
//   - The score table's spread is max − min of the submitted totals: with
//     the two or three reviewers a school assigns, the range is what an
//     officer reads at a glance; a standard deviation of two values says
//     the same less plainly.
//   - Assigning evenly is deterministic: applications in number order, each
//     given the reviewers with the fewest sheets so far (existing ones
//     count), ties broken by the order the reviewers were given.
//   - A reviewer reads others' sheets of an application only after
//     submitting its own, and then only submitted ones.
package evaluation
