package mcpserve

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/agenttools/agenttools/tool"
	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestElicitationForm(t *testing.T) {
	two := []tool.Option{{Label: "a", Description: "the first"}, {Label: "b"}}
	for _, tc := range []struct {
		name string
		card tool.Card
		want string
	}{
		{"single choice", tool.Card{Question: "Q?", Context: "why", Options: two},
			`{"type":"object","required":["choice"],"properties":{"choice":{"type":"string","title":"Choice","enum":["a","b"]}}}`},
		{"several", tool.Card{Question: "Q?", Options: two, MultiSelect: true},
			`{"type":"object","required":["choices"],"properties":{"choices":{"type":"array","title":"Choices","items":{"type":"string","enum":["a","b"]}}}}`},
		{"choice or text", tool.Card{Question: "Q?", Options: two, AllowFreeText: true},
			`{"type":"object","properties":{"choice":{"type":"string","title":"Choice","enum":["a","b"]},"text":{"type":"string","title":"Answer","description":"a typed answer"}}}`},
		{"text only", tool.Card{Question: "Q?", AllowFreeText: true},
			`{"type":"object","properties":{"text":{"type":"string","title":"Answer","description":"a typed answer"}}}`},
	} {
		p := elicitation(tc.card)
		got, err := json.Marshal(p.RequestedSchema)
		if err != nil {
			t.Fatal(err)
		}
		var g, w any
		json.Unmarshal(got, &g)
		json.Unmarshal([]byte(tc.want), &w)
		if diff := cmp.Diff(w, g); diff != "" {
			t.Errorf("%s: form (-want +got):\n%s", tc.name, diff)
		}
		if p.Mode != "form" {
			t.Errorf("%s: mode %q", tc.name, p.Mode)
		}
	}
	if got := elicitation(tool.Card{Question: "Q?", Context: "why", Options: two}).Message; got != "Q?\n\nwhy\n- a: the first" {
		t.Errorf("message %q", got)
	}
}

func TestAnswerOf(t *testing.T) {
	card := tool.Card{Question: "Q?", Options: []tool.Option{{Label: "a"}, {Label: "b"}}, AllowFreeText: true, MultiSelect: true}
	for _, tc := range []struct {
		name string
		res  *mcp.ElicitResult
		err  error
		want tool.Answer
	}{
		{"one", &mcp.ElicitResult{Action: "accept", Content: map[string]any{"choice": "a"}}, nil, tool.Answer{Outcome: tool.Answered, Selected: []string{"a"}}},
		{"several and text", &mcp.ElicitResult{Action: "accept", Content: map[string]any{"choices": []any{"a", "b"}, "text": " more "}}, nil, tool.Answer{Outcome: tool.Answered, Selected: []string{"a", "b"}, Text: "more"}},
		{"accepted empty", &mcp.ElicitResult{Action: "accept", Content: map[string]any{}}, nil, tool.Answer{Outcome: tool.Skipped}},
		{"decline", &mcp.ElicitResult{Action: "decline"}, nil, tool.Answer{Outcome: tool.Skipped}},
		{"cancel", &mcp.ElicitResult{Action: "cancel"}, nil, tool.Answer{Outcome: tool.Skipped}},
		{"time ran out", nil, context.DeadlineExceeded, tool.Answer{Outcome: tool.TimedOut}},
		{"the client cannot", nil, errors.New("client does not support elicitation"), tool.Answer{Outcome: tool.NoHumanOutcome}},
	} {
		if diff := cmp.Diff(tc.want, answerOf(card, tc.res, tc.err)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}
