package tools

import (
	"testing"

	"github.com/agenttools/agenttools/tool"
	"github.com/google/go-cmp/cmp"
)

func askDispatcher(t *testing.T, port tool.Port) *tool.Dispatcher {
	t.Helper()
	d, err := Registry(&Run{Dir: t.TempDir(), ConversationID: "c1", Questions: port})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestAskUserRegistration(t *testing.T) {
	for _, tc := range []struct {
		name string
		run  *Run
		want bool
	}{
		{"port and conversation", &Run{Dir: t.TempDir(), ConversationID: "c", Questions: tool.NoHuman}, true},
		{"no port", &Run{Dir: t.TempDir(), ConversationID: "c"}, false},
		{"no conversation to draw in", &Run{Dir: t.TempDir(), Questions: tool.NoHuman}, false},
	} {
		d, err := Registry(tc.run)
		if err != nil {
			t.Fatal(err)
		}
		got := false
		for _, tl := range d.Tools(tool.Full) {
			if tl.Name == "ask_user" {
				got = true
				if tl.Level != tool.Read || tl.ParallelSafe {
					t.Errorf("ask_user is %v, parallel-safe %v; want read, not parallel-safe", tl.Level, tl.ParallelSafe)
				}
			}
		}
		if got != tc.want {
			t.Errorf("%s: ask_user registered %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestAskUser(t *testing.T) {
	two := []map[string]any{{"label": "Postgres", "description": "the default"}, {"label": "SQLite"}}
	tests := []struct {
		name    string
		args    map[string]any
		answer  tool.Answer
		isError bool
		want    string
	}{
		{"single", map[string]any{"question": "Which database?", "options": two}, tool.Answer{Outcome: tool.Answered, Selected: []string{"SQLite"}}, false, "selected: SQLite"},
		{"multi", map[string]any{"question": "Which?", "options": two, "multi_select": true}, tool.Answer{Outcome: tool.Answered, Selected: []string{"Postgres", "SQLite"}}, false, "selected: Postgres, SQLite"},
		{"free text", map[string]any{"question": "Name?", "allow_free_text": true}, tool.Answer{Outcome: tool.Answered, Text: "agenttools"}, false, "text: agenttools"},
		{"option and text", map[string]any{"question": "Which?", "options": two, "allow_free_text": true}, tool.Answer{Outcome: tool.Answered, Selected: []string{"Postgres"}, Text: "version 16"}, false, "selected: Postgres\ntext: version 16"},
		{"skipped", map[string]any{"question": "Which?", "options": two}, tool.Answer{Outcome: tool.Skipped}, false, "skipped: go on with a stated assumption and do not ask again"},
		{"timed out", map[string]any{"question": "Which?", "options": two}, tool.Answer{Outcome: tool.TimedOut}, true, "timed out: nobody answered within 10m0s; go on with a stated assumption and do not ask again"},
		{"no human", map[string]any{"question": "Which?", "options": two}, tool.Answer{Outcome: tool.NoHumanOutcome}, true, "no human is connected to answer, so the question was not asked; go on with a stated assumption and do not ask again"},
		{"answer not on the card", map[string]any{"question": "Which?", "options": two}, tool.Answer{Outcome: tool.Answered, Selected: []string{"MySQL"}}, true, `the question could not be asked: selected "MySQL", which is not an option of the card; go on with a stated assumption and do not ask again`},
		{"two on a single-choice card", map[string]any{"question": "Which?", "options": two}, tool.Answer{Outcome: tool.Answered, Selected: []string{"Postgres", "SQLite"}}, true, "the question could not be asked: 2 options selected on a single-choice card; go on with a stated assumption and do not ask again"},
		{"text where none is allowed", map[string]any{"question": "Which?", "options": two}, tool.Answer{Outcome: tool.Answered, Text: "hm"}, true, "the question could not be asked: text answer on a card that does not allow free text; go on with a stated assumption and do not ask again"},

		{"empty question", map[string]any{"question": "  ", "options": two}, tool.Answer{}, true, "question: must not be empty; say what you want to know"},
		{"missing question", map[string]any{"options": two}, tool.Answer{}, true, `ask_user: missing required argument "question"`},
		{"empty label", map[string]any{"question": "Q", "options": []map[string]any{{"label": "a"}, {"label": ""}}}, tool.Answer{}, true, "options[1].label: must not be empty; every option needs a label to pick it by"},
		{"duplicate label", map[string]any{"question": "Q", "options": []map[string]any{{"label": "a"}, {"label": "a"}}}, tool.Answer{}, true, `options[1].label: "a" is also the label of options[0]; labels must be unique`},
		{"multi without options", map[string]any{"question": "Q", "multi_select": true, "allow_free_text": true}, tool.Answer{}, true, "multi_select: needs options to select from"},
		{"neither options nor text", map[string]any{"question": "Q"}, tool.Answer{}, true, "options: give options to choose from, or set allow_free_text, or both"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			port := &scriptedPort{answer: tc.answer}
			res := call(t, askDispatcher(t, port), "ask_user", tc.args)
			if res.IsError != tc.isError || res.TextContent() != tc.want {
				t.Errorf("ask_user: isError %v, text %q; want isError %v and %q", res.IsError, res.TextContent(), tc.isError, tc.want)
			}
			if tc.answer.Outcome == "" && len(port.cards) > 0 {
				t.Errorf("a card was drawn for invalid arguments: %+v", port.cards)
			}
			if tc.answer.Outcome != "" && len(port.cards) == 1 && port.cards[0].kind != tool.QuestionCard {
				t.Errorf("card kind %q, want question", port.cards[0].kind)
			}
		})
	}
}

// TestAskUserCard: the card drawn carries the question, the context and
// the options as given.
func TestAskUserCard(t *testing.T) {
	port := &scriptedPort{answer: tool.Answer{Outcome: tool.Skipped}}
	call(t, askDispatcher(t, port), "ask_user", map[string]any{
		"question": "Which database?", "context": "the schema depends on it",
		"options":         []map[string]any{{"label": "Postgres", "description": "the default"}, {"label": "SQLite"}},
		"allow_free_text": true, "multi_select": true,
	})
	want := []askedCard{{tool.QuestionCard, tool.Card{
		Question: "Which database?", Context: "the schema depends on it",
		Options:       []tool.Option{{Label: "Postgres", Description: "the default"}, {Label: "SQLite"}},
		AllowFreeText: true, MultiSelect: true,
	}}}
	if diff := cmp.Diff(want, port.cards, cmp.AllowUnexported(askedCard{})); diff != "" {
		t.Errorf("cards (-want +got):\n%s", diff)
	}
}
