package interp

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestReplyValue(t *testing.T) {
	for _, tc := range []struct {
		name  string
		reply Reply
		want  string
	}{
		{"text only", Reply{Text: "hi"}, `"hi"`},
		{"object gets the text", Reply{Text: "hi", Structured: json.RawMessage(`{"b":1,"a":2}`)}, `{"b":1,"a":2,"text":"hi"}`},
		{"empty object", Reply{Text: "hi", Structured: json.RawMessage(`{}`)}, `{"text":"hi"}`},
		{"an object's own text wins", Reply{Text: "hi", Structured: json.RawMessage(`{"text":"own"}`)}, `{"text":"own"}`},
		{"not an object", Reply{Text: "hi", Structured: json.RawMessage(`[1,2]`)}, `[1,2]`},
	} {
		got := string(tc.reply.Value())
		if got != tc.want {
			t.Errorf("%s: Value() = %s, want %s", tc.name, got, tc.want)
		}
		if !json.Valid([]byte(got)) {
			t.Errorf("%s: Value() is not JSON: %s", tc.name, got)
		}
	}
}

func TestRecorder(t *testing.T) {
	r := NewRecorder(context.Background(), 10)
	steps := []bool{
		r.Write(Stdout, "abc"),
		r.Write(Stdout, "de"),
		r.Write(Stderr, "f"),
		r.Write(Stdout, "ghijk"), // cut to "ghij"
		r.Write(Stdout, "more"),  // dropped
		r.Add(Output{Kind: Value, Text: "1"}),
		r.Add(Output{Kind: Error, Text: "kept past the cap"}),
	}
	if diff := cmp.Diff([]bool{true, true, true, false, false, false, false}, steps); diff != "" {
		t.Errorf("room reported (-want +got):\n%s", diff)
	}
	want := &Cell{
		Outputs:   []Output{{Kind: Stdout, Text: "abcde"}, {Kind: Stderr, Text: "f"}, {Kind: Stdout, Text: "ghij"}, {Kind: Error, Text: "kept past the cap"}},
		Truncated: true,
		Cap:       10,
	}
	if diff := cmp.Diff(want, r.Cell()); diff != "" {
		t.Errorf("cell (-want +got):\n%s", diff)
	}
	// A cut never splits a character.
	r = NewRecorder(context.Background(), 4)
	r.Write(Stdout, "ab€")
	if got := r.Cell().Outputs[0].Text; got != "ab" {
		t.Errorf("cut = %q, want %q", got, "ab")
	}
}

func TestInactivity(t *testing.T) {
	const budget = 50 * time.Millisecond

	t.Run("no activity cancels with ErrInactive", func(t *testing.T) {
		ctx, _, stop := WithInactivity(context.Background(), budget)
		defer stop()
		<-ctx.Done()
		if !errors.Is(context.Cause(ctx), ErrInactive) {
			t.Errorf("cause = %v, want ErrInactive", context.Cause(ctx))
		}
	})

	t.Run("a bridge call in flight pauses it", func(t *testing.T) {
		ctx, w, stop := WithInactivity(context.Background(), budget)
		defer stop()
		slow := w.Bridge(func(ctx context.Context, tool string, args json.RawMessage) (Reply, error) {
			time.Sleep(4 * budget)
			return Reply{}, ctx.Err()
		})
		if _, err := slow(ctx, "sleep", nil); err != nil {
			t.Errorf("the budget ran out during a bridge call: %v", err)
		}
		<-ctx.Done() // and it runs again afterwards
		if !errors.Is(context.Cause(ctx), ErrInactive) {
			t.Errorf("cause = %v, want ErrInactive", context.Cause(ctx))
		}
	})

	t.Run("activity keeps it alive", func(t *testing.T) {
		ctx, _, stop := WithInactivity(context.Background(), budget)
		defer stop()
		for range 8 {
			time.Sleep(budget / 4)
			Touch(ctx)
		}
		if err := ctx.Err(); err != nil {
			t.Errorf("cancelled while active: %v", context.Cause(ctx))
		}
	})

	t.Run("stop is not inactivity", func(t *testing.T) {
		ctx, _, stop := WithInactivity(context.Background(), time.Hour)
		stop()
		if errors.Is(context.Cause(ctx), ErrInactive) {
			t.Error("stop reported as inactivity")
		}
	})
}

// fakeKernel counts closes; a Kernels test needs nothing more.
type fakeKernel struct{ closed *int }

func (*fakeKernel) Execute(context.Context, string, Bridge) (*Cell, error) { return &Cell{}, nil }
func (k *fakeKernel) Close() error                                         { *k.closed++; return nil }

func TestKernels(t *testing.T) {
	started, closed := 0, 0
	ks := NewKernels(func(ctx context.Context, lang Language) (Kernel, error) {
		if lang != JavaScript {
			return nil, Unavailable(lang, JavaScript)
		}
		started++
		return &fakeKernel{&closed}, nil
	})
	a, _ := ks.Get(context.Background(), JavaScript)
	b, _ := ks.Get(context.Background(), JavaScript)
	if a != b || started != 1 {
		t.Errorf("Get twice started %d kernels, want 1", started)
	}
	_, err := ks.Get(context.Background(), Python)
	if !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "python kernel is not available in this build yet; the languages available are: javascript") {
		t.Errorf("Get(python) = %v", err)
	}
	ks.Reset(JavaScript)
	ks.Get(context.Background(), JavaScript)
	if started != 2 || closed != 1 {
		t.Errorf("after Reset: started %d, closed %d; want 2, 1", started, closed)
	}
	// Discarding a kernel that was replaced meanwhile keeps its successor.
	ks.Discard(JavaScript, a)
	if c, _ := ks.Get(context.Background(), JavaScript); started != 2 || c == a {
		t.Errorf("Discard of a replaced kernel dropped its successor: started %d", started)
	}
	ks.Close()
	if closed != 3 {
		t.Errorf("Close closed %d kernels in all, want 3", closed)
	}
	if _, err := ks.Get(context.Background(), JavaScript); err == nil {
		t.Error("Get after Close did not fail")
	}
}
