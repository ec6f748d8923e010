package outline

// A rule says that a kind of node is a declaration: what it declares and
// how to find its name.
type rule struct {
	kind string
	// name finds the name: "" the grammar's tree-sitter field "name";
	// "kind:A|B" the first child of those kinds; "declarator" the name
	// C's declarators declare; "header" the node's text before its body
	// (body), for what has no name of its own (Rust's impl).
	name string
	body string
	// needs, when set, is a child kind ("A|B") without which the node
	// declares nothing worth listing: a C struct without its fields is a
	// use, a JavaScript variable without a function is no function.
	needs string
	// byChild narrows kind by a child's kind: Go's type_spec declares a
	// struct when it holds a struct_type.
	byChild map[string]string
	// flat lists what is declared inside beside the declaration, not
	// under it: C's typedef struct {…} name.
	flat bool
}

// A table is one language's rules, by node kind.
type table struct {
	rules map[string]rule
	// wrappers are kinds around a declaration whose start is its own:
	// Python's decorated_definition.
	wrappers []string
}

// tables holds a table for each language id of grammars/bundled; the
// tests check that every kind named is one of the language's.
var tables = map[string]*table{
	"go": {rules: map[string]rule{
		"function_declaration": {kind: "function"},
		"method_declaration":   {kind: "method"},
		"method_elem":          {kind: "method"},
		"type_spec":            {kind: "type", byChild: map[string]string{"struct_type": "struct", "interface_type": "interface"}},
		"type_alias":           {kind: "type"},
	}},
	"python": {rules: map[string]rule{
		"function_definition": {kind: "function"},
		"class_definition":    {kind: "class"},
	}, wrappers: []string{"decorated_definition"}},
	"javascript": jsTable,
	"typescript": jsTable,
	"tsx":        jsTable,
	"rust": {rules: map[string]rule{
		"function_item":           {kind: "function"},
		"function_signature_item": {kind: "function"},
		"struct_item":             {kind: "struct"},
		"union_item":              {kind: "union"},
		"enum_item":               {kind: "enum"},
		"trait_item":              {kind: "interface"},
		"type_item":               {kind: "type"},
		"impl_item":               {kind: "impl", name: "header", body: "declaration_list"},
		"mod_item":                {kind: "module"},
		"macro_definition":        {kind: "macro"},
	}},
	"dart": {rules: map[string]rule{
		"function_declaration":    {kind: "function", name: "kind:identifier"},
		"getter_declaration":      {kind: "property", name: "kind:identifier"},
		"setter_declaration":      {kind: "property", name: "kind:identifier"},
		"constructor_declaration": {kind: "constructor", name: "kind:constructor_name|identifier"},
		"class_declaration":       {kind: "class"},
		"mixin_declaration":       {kind: "mixin"},
		"extension_declaration":   {kind: "extension"},
		"enum_declaration":        {kind: "enum"},
		"type_alias":              {kind: "type", name: "kind:type_identifier"},
	}},
	"java": {rules: map[string]rule{
		"class_declaration":               {kind: "class"},
		"record_declaration":              {kind: "class"},
		"interface_declaration":           {kind: "interface"},
		"annotation_type_declaration":     {kind: "interface"},
		"enum_declaration":                {kind: "enum"},
		"method_declaration":              {kind: "method"},
		"constructor_declaration":         {kind: "constructor"},
		"compact_constructor_declaration": {kind: "constructor"},
	}},
	"c":   cTable,
	"cpp": cppTable,
}

var jsTable = &table{rules: map[string]rule{
	"function_declaration":   {kind: "function"},
	"function_signature":     {kind: "function"},
	"class_declaration":      {kind: "class"},
	"method_definition":      {kind: "method"},
	"method_signature":       {kind: "method"},
	"interface_declaration":  {kind: "interface"},
	"type_alias_declaration": {kind: "type"},
	"enum_declaration":       {kind: "enum"},
	"internal_module":        {kind: "namespace"},
	"module":                 {kind: "namespace"},
	"variable_declarator":    {kind: "function", needs: "arrow_function|function_expression"},
}}

// cRules are C's, which C++ has too.
var cRules = map[string]rule{
	"function_definition": {kind: "function", name: "declarator"},
	"type_definition":     {kind: "type", name: "declarator", flat: true},
	"struct_specifier":    {kind: "struct", name: "kind:type_identifier", needs: "field_declaration_list"},
	"union_specifier":     {kind: "union", name: "kind:type_identifier", needs: "field_declaration_list"},
	"enum_specifier":      {kind: "enum", name: "kind:type_identifier", needs: "enumerator_list"},
}

var cTable = &table{rules: cRules}

var cppTable = &table{rules: merge(cRules, map[string]rule{
	"class_specifier":      {kind: "class", name: "kind:type_identifier|template_type|qualified_identifier", needs: "field_declaration_list"},
	"namespace_definition": {kind: "namespace", name: "kind:namespace_identifier|nested_namespace_specifier"},
	"alias_declaration":    {kind: "type", name: "kind:type_identifier"},
	// A member function declared in its class, defined elsewhere.
	"field_declaration": {kind: "function", name: "declarator", needs: "function_declarator"},
})}

func merge(a, b map[string]rule) map[string]rule {
	out := make(map[string]rule, len(a)+len(b))
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}
