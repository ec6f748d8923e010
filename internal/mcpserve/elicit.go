package mcpserve

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/agenttools/agenttools/tool"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Port is the tool.Port of an MCP run: a card goes, as a form
// elicitation, to the client of the call that draws it. A client that
// declared no elicitation has nobody to ask, and the card fails at once.
// The card's timeout applies whichever way the question travels.
type Port struct{}

// Ask draws card for the call of ctx.
func (Port) Ask(ctx context.Context, kind tool.CardKind, card tool.Card, timeout time.Duration) (tool.Answer, error) {
	c, _ := ctx.Value(callKey{}).(*call)
	if c == nil || !c.canElicit() {
		return tool.Answer{Outcome: tool.NoHumanOutcome}, nil
	}
	a := &ask{card: card, timeout: timeout, answer: make(chan tool.Answer, 1)}
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case c.asks <- a:
	case <-ctx.Done():
		return tool.Answer{}, ctx.Err()
	}
	select {
	case ans := <-a.answer:
		return ans, nil
	case <-timer.C:
		// A client of the newer revision may still be asking; its retry
		// then gets the call's result, which says the card timed out.
		return tool.Answer{Outcome: tool.TimedOut}, nil
	case <-ctx.Done():
		return tool.Answer{}, ctx.Err()
	}
}

// canElicit reports whether the client of the call said it answers form
// elicitations.
func (c *call) canElicit() bool {
	c.mu.Lock()
	req := c.req
	c.mu.Unlock()
	caps := req.ClientCapabilities()
	return req.Session != nil && caps != nil && caps.Elicitation != nil
}

// The fields of an elicitation form.
const (
	choiceField  = "choice"
	choicesField = "choices"
	textField    = "text"
)

// elicitation is a card as a form: its options an enum of their labels
// (an array of them when several may be picked), and a text field when a
// typed answer is allowed. The options' descriptions and the card's
// context are in the message, since a form field says no more than its
// own description.
func elicitation(card tool.Card) *mcp.ElicitParams {
	var msg strings.Builder
	msg.WriteString(card.Question)
	if card.Context != "" {
		msg.WriteString("\n\n" + card.Context)
	}
	props := map[string]*jsonschema.Schema{}
	var order, required []string
	if len(card.Options) > 0 {
		var labels []any
		for _, o := range card.Options {
			labels = append(labels, o.Label)
			if o.Description != "" {
				msg.WriteString("\n- " + o.Label + ": " + o.Description)
			}
		}
		field := &jsonschema.Schema{Type: "string", Title: "Choice", Enum: labels}
		name := choiceField
		if card.MultiSelect {
			field = &jsonschema.Schema{Type: "array", Title: "Choices", Items: &jsonschema.Schema{Type: "string", Enum: labels}}
			name = choicesField
		}
		props[name] = field
		order = append(order, name)
		if !card.AllowFreeText {
			required = append(required, name)
		}
	}
	if card.AllowFreeText {
		props[textField] = &jsonschema.Schema{Type: "string", Title: "Answer", Description: "a typed answer"}
		order = append(order, textField)
	}
	return &mcp.ElicitParams{
		Mode:            "form",
		Message:         msg.String(),
		RequestedSchema: &jsonschema.Schema{Type: "object", Properties: props, PropertyOrder: order, Required: required},
	}
}

// answerOf is the answer an elicitation's result gives: accept is an
// answer (with nothing filled in, a skip), decline and cancel a skip. An
// elicitation that failed is the port's error, or a timeout when its
// time ran out.
func answerOf(card tool.Card, res *mcp.ElicitResult, err error) tool.Answer {
	switch {
	case errors.Is(err, context.DeadlineExceeded) || err != nil && strings.Contains(err.Error(), "deadline exceeded"):
		return tool.Answer{Outcome: tool.TimedOut}
	case err != nil:
		return tool.Answer{Outcome: tool.NoHumanOutcome}
	case res.Action != "accept":
		return tool.Answer{Outcome: tool.Skipped}
	}
	a := tool.Answer{Outcome: tool.Answered}
	switch v := res.Content[choiceField].(type) {
	case string:
		a.Selected = []string{v}
	}
	if vs, ok := res.Content[choicesField].([]any); ok {
		for _, v := range vs {
			if s, ok := v.(string); ok {
				a.Selected = append(a.Selected, s)
			}
		}
	}
	if s, ok := res.Content[textField].(string); ok {
		a.Text = strings.TrimSpace(s)
	}
	if len(a.Selected) == 0 && a.Text == "" {
		return tool.Answer{Outcome: tool.Skipped}
	}
	return a
}
