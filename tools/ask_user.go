package tools

import (
	"context"
	"fmt"
	"strings"

	"github.com/agenttools/agenttools/tool"
)

// The instruction that goes with every question that got no answer.
const assumeAndGoOn = "go on with a stated assumption and do not ask again"

func askTools(e *env) []*tool.Tool {
	t := tool.New("ask_user", tool.Read, false,
		"Ask the human a question on a numbered card and wait for the answer. The only way to ask the operator anything: never write the question as a chat message, which ends the turn. Give options (each a label, unique, and an optional description) and/or allow_free_text; multi_select lets several options be picked. context says why you ask and what depends on the answer. A skip means: go on with a stated assumption and do not ask again; so does a timeout. With no human connected the call fails at once.",
		e.askUser)
	return []*tool.Tool{t}
}

type askUserArgs struct {
	Question      string          `json:"question" jsonschema:"what to ask"`
	Context       string          `json:"context,omitempty" jsonschema:"why you ask, and what depends on the answer"`
	Options       []askUserOption `json:"options,omitempty" jsonschema:"choices to pick from"`
	AllowFreeText bool            `json:"allow_free_text,omitempty" jsonschema:"whether a typed answer is accepted"`
	MultiSelect   bool            `json:"multi_select,omitempty" jsonschema:"whether several options may be picked"`
}

type askUserOption struct {
	Label       string `json:"label" jsonschema:"the choice, as the person picks it"`
	Description string `json:"description,omitempty" jsonschema:"what picking it means"`
}

func (e *env) askUser(ctx context.Context, a askUserArgs) (tool.Result, error) {
	card := tool.Card{Question: a.Question, Context: a.Context, AllowFreeText: a.AllowFreeText, MultiSelect: a.MultiSelect}
	for _, o := range a.Options {
		card.Options = append(card.Options, tool.Option(o))
	}
	if err := card.Validate(); err != nil {
		return tool.Errorf("%v", err), nil
	}
	timeout := e.run.QuestionTimeout
	if timeout <= 0 {
		timeout = DefaultQuestionTimeout
	}
	ans, err := e.run.Questions.Ask(ctx, tool.QuestionCard, card, timeout)
	if err == nil {
		err = ans.Check(card)
	}
	if err != nil {
		return tool.Errorf("the question could not be asked: %v; %s", err, assumeAndGoOn), nil
	}
	switch ans.Outcome {
	case tool.NoHumanOutcome:
		return tool.Errorf("no human is connected to answer, so the question was not asked; %s", assumeAndGoOn), nil
	case tool.Skipped:
		return tool.Text("skipped: " + assumeAndGoOn), nil
	case tool.TimedOut:
		return tool.Errorf("timed out: nobody answered within %v; %s", timeout, assumeAndGoOn), nil
	}
	var b strings.Builder
	if len(ans.Selected) > 0 {
		fmt.Fprintf(&b, "selected: %s", strings.Join(ans.Selected, ", "))
	}
	if ans.Text != "" {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "text: %s", ans.Text)
	}
	r := tool.Text(b.String())
	r.Structured = ans
	return r, nil
}
