package tool

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
)

// A Port reaches a person: it draws a card and waits for the answer. The
// binary implements it on the controlling terminal and over serve's
// ui/ask callback; an embedder implements it on its own interface, or
// with PortFunc.
//
// Ask returns the answer, whose outcome says what happened: answered,
// skipped, timed out, or no human (at once, without waiting, when nobody
// is there to answer). An error is for a port that broke.
type Port interface {
	Ask(ctx context.Context, kind CardKind, card Card, timeout time.Duration) (Answer, error)
}

// PortFunc makes a function a Port.
type PortFunc func(ctx context.Context, kind CardKind, card Card, timeout time.Duration) (Answer, error)

// Ask calls f.
func (f PortFunc) Ask(ctx context.Context, kind CardKind, card Card, timeout time.Duration) (Answer, error) {
	return f(ctx, kind, card, timeout)
}

// NoHuman is the port of a run that nobody watches: every card fails at
// once with the NoHuman outcome, so nothing blocks waiting for a person
// who is not there.
var NoHuman Port = PortFunc(func(context.Context, CardKind, Card, time.Duration) (Answer, error) {
	return Answer{Outcome: NoHumanOutcome}, nil
})

// CardKind says why a card is drawn.
type CardKind string

const (
	QuestionCard   CardKind = "question"
	PermissionCard CardKind = "permission"
)

// A Card is what a person is shown: a question, why it is asked, and
// numbered options, with or without a typed answer.
type Card struct {
	Question      string   `json:"question"`
	Context       string   `json:"context,omitempty"`
	Options       []Option `json:"options,omitempty"`
	AllowFreeText bool     `json:"allow_free_text"`
	MultiSelect   bool     `json:"multi_select"`
}

// An Option is one choice on a card.
type Option struct {
	Label       string `json:"label"`
	Description string `json:"description,omitempty"`
}

// Outcomes of a card.
const (
	Answered       = "answered"
	Skipped        = "skipped"
	TimedOut       = "timeout"
	NoHumanOutcome = "no_human"
)

// An Answer is what came back from a card.
type Answer struct {
	Outcome  string   `json:"outcome"` // answered, skipped, timeout or no_human
	Selected []string `json:"selected,omitempty"`
	Text     string   `json:"text,omitempty"`
}

// The options of a permission card.
const (
	AllowOnceLabel = "Allow once"
	AllowRunLabel  = "Allow this tool for the run"
	DenyLabel      = "Deny"
)

// Validate checks that a card can be drawn and answered. Its errors name
// the ask_user argument at fault.
func (c Card) Validate() error {
	if strings.TrimSpace(c.Question) == "" {
		return fmt.Errorf("question: must not be empty; say what you want to know")
	}
	seen := map[string]int{}
	for i, o := range c.Options {
		if strings.TrimSpace(o.Label) == "" {
			return fmt.Errorf("options[%d].label: must not be empty; every option needs a label to pick it by", i)
		}
		if j, ok := seen[o.Label]; ok {
			return fmt.Errorf("options[%d].label: %s is also the label of options[%d]; labels must be unique", i, Quote(o.Label), j)
		}
		seen[o.Label] = i
	}
	if c.MultiSelect && len(c.Options) == 0 {
		return fmt.Errorf("multi_select: needs options to select from")
	}
	if len(c.Options) == 0 && !c.AllowFreeText {
		return fmt.Errorf("options: give options to choose from, or set allow_free_text, or both")
	}
	return nil
}

// Check says what is wrong with an answer to c, or nil: an answered card
// selects only its own labels (one, unless multi-select) and carries text
// only when free text is allowed.
func (a Answer) Check(c Card) error {
	switch a.Outcome {
	case Skipped, TimedOut, NoHumanOutcome:
		return nil
	case Answered:
	default:
		return fmt.Errorf("outcome %q is not one of answered, skipped, timeout, no_human", a.Outcome)
	}
	if len(a.Selected) == 0 && a.Text == "" {
		return fmt.Errorf("an answered card selects an option or carries text; this one has neither")
	}
	if len(a.Selected) > 1 && !c.MultiSelect {
		return fmt.Errorf("%d options selected on a single-choice card", len(a.Selected))
	}
	for _, s := range a.Selected {
		if !slices.ContainsFunc(c.Options, func(o Option) bool { return o.Label == s }) {
			return fmt.Errorf("selected %q, which is not an option of the card", s)
		}
	}
	if a.Text != "" && !c.AllowFreeText {
		return fmt.Errorf("text answer on a card that does not allow free text")
	}
	return nil
}
