package javac

// A Node is a node of javac's syntax tree, as the dumper writes it.
type Node struct {
	// Kind is the name of its com.sun.source.tree.Tree.Kind:
	// METHOD_INVOCATION, EQUAL_TO, IF, CLASS, ...
	Kind string `json:"k"`
	// Start and End are its byte range in the file; -1 where javac gives
	// none (empty modifiers, the type of a var).
	Start int `json:"s"`
	End   int `json:"e"`
	// Role is the getter of its parent's com.sun.source.tree interface
	// that returns it, without "get": "condition", "thenStatement",
	// "arguments", "methodSelect", ...; "" for the root.
	Role string `json:"r"`
	// Attrs are the node's attributes, named as Role is: "name",
	// "identifier", "simpleName", "value" (a literal's), "flags" (a
	// modifiers' list), "mode", "caseKind", ... A value is a string, a
	// list of strings, or true.
	Attrs    map[string]any `json:"a"`
	Children []*Node        `json:"c"`
	Parent   *Node          `json:"-"`
}

// link sets the parents of n's descendants.
func (n *Node) link(parent *Node) {
	n.Parent = parent
	for _, k := range n.Children {
		k.link(n)
	}
}

// Attr returns the string attribute name, or "". Attr, Has, List, Role1
// and Roles take a nil n as a node with nothing, so that a predicate can
// ask of a child that is not there.
func (n *Node) Attr(name string) string {
	if n == nil {
		return ""
	}
	s, _ := n.Attrs[name].(string)
	return s
}

// Has reports whether n has the attribute name.
func (n *Node) Has(name string) bool {
	if n == nil {
		return false
	}
	_, ok := n.Attrs[name]
	return ok
}

// List returns the list attribute name (a modifiers' flags), or nil.
func (n *Node) List(name string) []string {
	if n == nil {
		return nil
	}
	l, _ := n.Attrs[name].([]any)
	out := make([]string, 0, len(l))
	for _, v := range l {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// Role1 returns n's first child in role, or nil.
func (n *Node) Role1(role string) *Node {
	if n == nil {
		return nil
	}
	for _, k := range n.Children {
		if k.Role == role {
			return k
		}
	}
	return nil
}

// Roles returns n's children in role, in order.
func (n *Node) Roles(role string) []*Node {
	if n == nil {
		return nil
	}
	var out []*Node
	for _, k := range n.Children {
		if k.Role == role {
			out = append(out, k)
		}
	}
	return out
}

// Walk calls f on n and its descendants, parents first, in the order
// javac's TreeScanner visits them; f returns false to skip a node's
// descendants.
func (n *Node) Walk(f func(*Node) bool) {
	if !f(n) {
		return
	}
	for _, k := range n.Children {
		k.Walk(f)
	}
}
