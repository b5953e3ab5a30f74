// Command loadtest drives the step-save endpoint of a running server with
// many concurrent applicants and prints requests per second and latency
// percentiles.
//
// It creates its applicants (load0001, load0002, ...) directly in the
// server's database (-db), signs each in over HTTP, opens one application
// per applicant in a demo round, and then every applicant saves a step in a
// loop for -duration:
//
//	make server
//	DATABASE_URL=postgres://postgres@127.0.0.1:5432/gradapply_load?sslmode=disable \
//	  REDIS_URL=redis://127.0.0.1:6379/13 DEMO_DATA=true COOKIE_SECURE=false \
//	  HTTP_ADDR=127.0.0.1:18081 LOG_LEVEL=warn ./bin/server &
//	go run ./cmd/loadtest -base http://127.0.0.1:18081 \
//	  -db postgres://postgres@127.0.0.1:5432/gradapply_load?sslmode=disable -users 50 -duration 30s
//
// -step basis (BASIS_SAVE, the default), acad (ACAD_SAVE, a few academic
// records), draft (the draft PUT the form sends while the user types) or
// login (each applicant signs in again and again); -step webhook measures
// payment webhooks instead (webhook.go). -mix deadline drives the whole
// deadline-day mix of operations instead of one (mix.go).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/gradapply/gradapply/adapters/password"
	"github.com/gradapply/gradapply/adapters/postgres"
	"github.com/gradapply/gradapply/core/account"
	"github.com/gradapply/gradapply/core/permission"
)

const loadPassword = "LoadTest2026"

func main() {
	base := flag.String("base", "http://127.0.0.1:18081", "server base URL")
	dsn := flag.String("db", os.Getenv("DATABASE_URL"), "the server's database (to create the applicants)")
	users := flag.Int("users", 50, "concurrent applicants")
	duration := flag.Duration("duration", 30*time.Second, "how long to run")
	step := flag.String("step", "basis", "basis, acad, draft or login (the sign-in itself, password hash included)")
	school := flag.String("school", "236", "demo school whose round is used")
	major := flag.String("major", "IS01", "major of that school")
	conc := flag.Int("conc", 20, "webhook step: webhooks in flight at once")
	secret := flag.String("secret", os.Getenv("TESTPG_WEBHOOK_SECRET"), "webhook step and deadline mix: the server's TESTPG_WEBHOOK_SECRET")
	mix := flag.String("mix", "", "deadline: the deadline-day mix of every operation (mix.go) instead of one -step")
	flag.Parse()
	if *mix != "" {
		if *mix != "deadline" {
			fmt.Fprintln(os.Stderr, "loadtest: -mix knows only deadline")
			os.Exit(2)
		}
		if err := runMix(*base, *dsn, *users, *duration, *secret, *school, *major); err != nil {
			fmt.Fprintln(os.Stderr, "loadtest:", err)
			os.Exit(1)
		}
		return
	}
	if *step == "webhook" {
		if err := runWebhooks(*base, *dsn, *users, *conc, *secret, *school, *major); err != nil {
			fmt.Fprintln(os.Stderr, "loadtest:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*base, *dsn, *users, *duration, *step, *school, *major); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

type client struct {
	base  string
	token string
	http  *http.Client
}

func (c *client) do(method, path string, body any) (int, map[string]any, error) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.base+path, rd)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	return res.StatusCode, m, nil
}

// seed creates the applicants that do not exist yet.
func seed(ctx context.Context, dsn string, n int) error {
	db, err := postgres.Open(ctx, dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	users := postgres.Users{DB: db}
	hash, err := password.Default.Hash(loadPassword)
	if err != nil {
		return err
	}
	for i := 1; i <= n; i++ {
		id := fmt.Sprintf("load%04d", i)
		if taken, err := users.UserIDTaken(ctx, id); err != nil || taken {
			if err != nil {
				return err
			}
			continue
		}
		m, err := account.NewMember(account.NewUser{UserID: id, Email: id + "@load.gradapply.example", PasswordHash: hash,
			Roles: []permission.Role{permission.RoleUser}, Locale: "ko", AgreedAt: time.Now()})
		if err == nil {
			_, err = users.Create(ctx, m)
		}
		if err != nil {
			return fmt.Errorf("create %s: %w", id, err)
		}
	}
	return nil
}

func info(i int) map[string]any {
	return map[string]any{"applicantInfo": map[string]any{
		"gend": "F", "korName": "부하시험", "engName": "LOAD TEST", "nationality": "410", "birthDate": "1998-03-01",
		"residentNoLast": "2345678", "address": "서울특별시 서대문구 이화여대길 52", "addressDetail": fmt.Sprintf("%d호", i),
		"postCode": "03760", "mobile": "010-1234-5678", "email": "load@example.com",
		"emergencyContact": map[string]any{"name": "부모", "relation": "모", "phone": "010-2222-3333"},
	}}
}

func acad(i int) map[string]any {
	return map[string]any{"acadList": []any{
		map[string]any{"acadType": "univ", "schoolCode": "101", "countryCode": "410", "acadFinal": true, "enterDay": "2016-03-02",
			"graduateDay": "2020-02-20", "graduationStatus": "00001", "gradeForm": "00001", "fullScore": "4.50", "gpa": fmt.Sprintf("3.%02d", i%100)},
		map[string]any{"acadType": "high", "schoolCode": "999", "searchSchoolName": "Hanbit High School", "countryCode": "410",
			"enterDay": "2013-03-02", "graduateDay": "2016-02-10", "graduationStatus": "00001", "gradeForm": "00002", "fullScore": "100", "gpa": "92"},
	}}
}

// prepare signs an applicant in and gives it an application ready for the step.
func prepare(base string, hc *http.Client, i int, step, school, major string) (*client, int64, error) {
	c := &client{base: base, http: hc}
	id := fmt.Sprintf("load%04d", i)
	st, body, err := c.do("POST", "/user/api/login", map[string]any{"userId": id, "password": loadPassword})
	if err != nil || st != 200 {
		return nil, 0, fmt.Errorf("login %s: %d %v %v", id, st, body, err)
	}
	c.token, _ = body["accessToken"].(string)
	_, list, err := listAppl(c)
	if err != nil {
		return nil, 0, err
	}
	n := findAppl(list, school)
	if n == 0 {
		if n, err = create(c, school, major); err != nil {
			return nil, 0, fmt.Errorf("%s: %w", id, err)
		}
	}
	if step == "acad" {
		if st, body, err := c.do("POST", fmt.Sprintf("/apply/api-auth/appl/basis/%d", n), info(i)); err != nil || st != 200 {
			return nil, 0, fmt.Errorf("basis %s: %d %v %v", id, st, body, err)
		}
	}
	return c, n, nil
}

// create opens an application in the school's newest round.
func create(c *client, school, major string) (int64, error) {
	var year int
	_, rounds, err := c.doList("GET", "/apply/api/recruit/list?schoolCode="+school)
	if err != nil || len(rounds) == 0 {
		return 0, fmt.Errorf("no round for %s: %v", school, err)
	}
	r0 := rounds[0].(map[string]any)
	year = int(r0["enterYear"].(float64))
	_, round, err := c.do("GET", fmt.Sprintf("/apply/api/recruit?schoolCode=%s&enterYear=%d&partSeq=1", school, year), nil)
	if err != nil {
		return 0, err
	}
	cons := map[string]string{}
	for _, it := range round["consents"].([]any) {
		m := it.(map[string]any)
		cons[m["code"].(string)] = m["version"].(string)
	}
	part := map[string]any{
		"applPartRequestList": []any{map[string]any{"schoolCode": school, "enterYear": year, "recruitPartSeq": 1, "majorCode": major,
			"isMaster": true, "isGeneralType": true, "stayTypeCode": "00001",
			"categoryCode": round["categories"].([]any)[0].(map[string]any)["code"]}},
		"consents": cons,
	}
	if ps, _ := round["partSurvey"].([]any); len(ps) > 0 {
		part["surveyRequest"] = map[string]any{"answers": []any{map[string]any{"questionCode": "p1", "itemCode": "01"}}}
	}
	st, body, err := c.do("POST", "/apply/api-auth/appl/part", part)
	if err != nil || st != 201 {
		return 0, fmt.Errorf("part: %d %v %v", st, body, err)
	}
	return int64(body["applNo"].(float64)), nil
}

func (c *client) doList(method, path string) (int, []any, error) {
	req, _ := http.NewRequest(method, c.base+path, nil)
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	var l []any
	err = json.NewDecoder(res.Body).Decode(&l)
	return res.StatusCode, l, err
}

func listAppl(c *client) (int, []any, error) { return c.doList("GET", "/apply/api-auth/appl/list") }

func findAppl(list []any, school string) int64 {
	for _, x := range list {
		m := x.(map[string]any)
		if m["schoolComm"].(map[string]any)["schoolCode"] == school && m["status"] != "CANCEL" {
			return int64(m["applNo"].(float64))
		}
	}
	return 0
}

type result struct {
	lat    []time.Duration
	status map[int]int
	errs   int
}

func run(base, dsn string, users int, duration time.Duration, step, school, major string) error {
	ctx := context.Background()
	if dsn == "" {
		return fmt.Errorf("-db (or DATABASE_URL) is needed to create the applicants")
	}
	if err := seed(ctx, dsn, users); err != nil {
		return err
	}
	hc := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConns: users * 2, MaxIdleConnsPerHost: users * 2}}
	clients := make([]*client, users)
	applNos := make([]int64, users)
	var wg sync.WaitGroup
	errs := make(chan error, users)
	sem := make(chan struct{}, 8) // logins hash passwords: do not swamp the server before the run
	for i := range users {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			c, n, err := prepare(base, hc, i+1, step, school, major)
			if err != nil {
				errs <- err
				return
			}
			clients[i], applNos[i] = c, n
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}

	fmt.Printf("step=%s users=%d duration=%s school=%s base=%s\n", step, users, duration, school, base)
	results := make([]result, users)
	deadline := time.Now().Add(duration)
	start := time.Now()
	for i := range users {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res := result{status: map[int]int{}}
			c, n := clients[i], applNos[i]
			var path, method string
			var body any
			switch step {
			case "acad":
				method, path, body = "POST", fmt.Sprintf("/apply/api-auth/appl/acad/%d", n), acad(i)
			case "login":
				method, path = "POST", "/user/api/login"
				body = map[string]any{"userId": fmt.Sprintf("load%04d", i+1), "password": loadPassword}
			case "draft":
				method, path = "PUT", fmt.Sprintf("/apply/api-auth/appl/draft/%d/BASIS_SAVE", n)
				body = info(i)
			default:
				method, path, body = "POST", fmt.Sprintf("/apply/api-auth/appl/basis/%d", n), info(i)
			}
			for time.Now().Before(deadline) {
				t0 := time.Now()
				var st int
				var err error
				if step == "login" {
					st, _, err = (&client{base: c.base, http: c.http}).do(method, path, body)
				} else {
					st, _, err = c.do(method, path, body)
				}
				res.lat = append(res.lat, time.Since(t0))
				if err != nil {
					res.errs++
					continue
				}
				res.status[st]++
			}
			results[i] = res
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)

	var all []time.Duration
	status := map[int]int{}
	errCount := 0
	for _, r := range results {
		all = append(all, r.lat...)
		for k, v := range r.status {
			status[k] += v
		}
		errCount += r.errs
	}
	slices.Sort(all)
	pct := func(p float64) time.Duration {
		if len(all) == 0 {
			return 0
		}
		i := int(float64(len(all)-1) * p)
		return all[i]
	}
	codes := make([]int, 0, len(status))
	for k := range status {
		codes = append(codes, k)
	}
	sort.Ints(codes)
	fmt.Printf("requests=%d in %.1fs  requests/s=%.1f\n", len(all), elapsed.Seconds(), float64(len(all))/elapsed.Seconds())
	fmt.Printf("latency p50=%s p90=%s p99=%s max=%s\n", pct(0.50).Round(100*time.Microsecond), pct(0.90).Round(100*time.Microsecond),
		pct(0.99).Round(100*time.Microsecond), pct(1).Round(100*time.Microsecond))
	fmt.Printf("status:")
	for _, k := range codes {
		fmt.Printf(" %d=%d", k, status[k])
	}
	fmt.Printf("  transport errors=%d\n", errCount)
	if status[200] != len(all) {
		return fmt.Errorf("not every request succeeded")
	}
	return nil
}
