(source_file
(package_clause "package"
(identifier "forms"))
(import_declaration "import" "("
(import_spec
(interpreted_string_literal "\"fmt\""))
(import_spec
(identifier "m")
(interpreted_string_literal "\"math\"")) ")")
(type_declaration "type" "("
(type_spec
(identifier "Pair")
(type_parameter_list "["
(type_parameter_declaration
(identifier "K")
(identifier "comparable")) ","
(type_parameter_declaration
(identifier "V")
(identifier "any")) "]")
(struct_type "struct"
(field_declaration_list "{"
(field_declaration
(identifier "Key")
(identifier "K"))
(field_declaration
(identifier "Val")
(identifier "V")
(raw_string_literal "`json:\"val\"`")) "}")))
(type_spec
(identifier "Num")
(interface_type "interface" "{"
(type_elem "~"
(identifier "int") "|" "~"
(identifier "float64")) "}"))
(type_spec
(identifier "Arr")
(array_type "["
(int_literal "4") "]"
(identifier "byte")))
(type_alias
(identifier "Alias") "="
(generic_type
(identifier "Pair")
(type_arguments "["
(identifier "string") ","
(identifier "int") "]"))) ")")
(const_declaration "const" "("
(const_spec
(identifier "A") "="
(identifier "iota"))
(const_spec
(identifier "B")) ")")
(var_declaration "var"
(var_spec
(identifier "ch") "="
(call_expression
(identifier "make")
(argument_list "("
(channel_type "chan" "<-"
(identifier "int")) ","
(int_literal "1") ")"))))
(method_declaration "func"
(parameter_list "("
(parameter_declaration
(identifier "p")
(pointer_type "*"
(generic_type
(identifier "Pair")
(type_arguments "["
(identifier "K") ","
(identifier "V") "]")))) ")")
(identifier "Get")
(parameter_list "("
(variadic_parameter_declaration
(identifier "keys") "..."
(identifier "K")) ")")
(parameter_list "("
(parameter_declaration
(identifier "v")
(identifier "V")) ","
(parameter_declaration
(identifier "ok")
(identifier "bool")) ")")
(block "{"
(defer_statement "defer"
(call_expression
(func_literal "func"
(parameter_list "(" ")")
(block "{"
(call_expression
(identifier "recover")
(argument_list "(" ")")) "}"))
(argument_list "(" ")")))
(go_statement "go"
(call_expression
(selector_expression
(identifier "p") "."
(identifier "Get"))
(argument_list "(" ")")))
(for_statement "for"
(range_clause
(expression_list
(identifier "i") ","
(identifier "k")) ":=" "range"
(identifier "keys"))
(block "{"
(if_statement "if"
(binary_expression
(binary_expression
(identifier "k") "=="
(selector_expression
(identifier "p") "."
(identifier "Key"))) "&&"
(binary_expression
(identifier "i") ">="
(int_literal "0")))
(block "{"
(return_statement "return"
(expression_list
(selector_expression
(identifier "p") "."
(identifier "Val")) ","
(identifier "true"))) "}") "else"
(if_statement "if"
(short_var_declaration
(expression_list
(identifier "x") ","
(identifier "ok")) ":="
(type_assertion_expression
(call_expression
(identifier "any")
(argument_list "("
(identifier "k") ")")) "." "("
(qualified_type
(identifier "fmt") "."
(identifier "Stringer")) ")")) ";"
(identifier "ok")
(block "{"
(assignment_statement
(identifier "_") "="
(identifier "x")) "}"))) "}"))
(for_statement "for"
(range_clause "range"
(int_literal "3"))
(block "{" "}"))
(expression_switch_statement "switch" "{"
(expression_case "case"
(binary_expression
(selector_expression
(identifier "m") "."
(identifier "Pi")) ">"
(int_literal "3")) ":"
(fallthrough_statement "fallthrough"))
(default_case "default" ":") "}")
(select_statement "select" "{"
(communication_case "case"
(short_var_declaration
(identifier "v") ":="
(unary_expression "<-"
(call_expression
(identifier "make")
(argument_list "("
(channel_type "chan"
(identifier "int")) ")")))) ":"
(assignment_statement
(identifier "_") "="
(identifier "v")))
(communication_case "case"
(send_statement
(identifier "ch") "<-"
(int_literal "1")) ":") "}")
(labeled_statement
(identifier "loop") ":"
(for_statement "for"
(block "{"
(break_statement "break"
(identifier "loop")) "}")))
(short_var_declaration
(identifier "s") ":="
(slice_expression
(composite_literal
(slice_type "[" "]"
(identifier "int"))
(literal_value "{"
(int_literal "1") ","
(int_literal "2") ","
(int_literal "3") "}")) "["
(int_literal "1") ":"
(int_literal "2") ":"
(int_literal "3") "]"))
(assignment_statement
(identifier "_") "="
(composite_literal
(map_type "map" "["
(identifier "string") "]"
(slice_type "[" "]"
(identifier "int")))
(literal_value "{"
(keyed_element
(interpreted_string_literal "\"a\"") ":"
(literal_value "{"
(int_literal "1") "}")) "}")))
(assignment_statement
(identifier "_") "="
(composite_literal
(struct_type "struct"
(field_declaration_list "{"
(field_declaration
(identifier "x")
(identifier "int")) "}"))
(literal_value "{"
(keyed_element
(identifier "x") ":"
(int_literal "1")) "}")))
(assignment_statement
(identifier "_") "="
(identifier "s"))
(return_statement "return") "}")))
