(program
(package_declaration "package"
(scoped_identifier
(scoped_identifier
(identifier "org") "."
(identifier "example")) "."
(identifier "shapes")))
(import_declaration "import"
(scoped_identifier
(identifier "java") "."
(identifier "util")) "."
(asterisk "*"))
(import_declaration "import"
(scoped_identifier
(scoped_identifier
(scoped_identifier
(identifier "java") "."
(identifier "util")) "."
(identifier "function")) "."
(identifier "Function")))
(import_declaration "import" "static"
(scoped_identifier
(scoped_identifier
(scoped_identifier
(identifier "java") "."
(identifier "lang")) "."
(identifier "Math")) "."
(identifier "max")))
(interface_declaration
(modifiers
(annotation "@"
(identifier "SuppressWarnings")
(annotation_argument_list "("
(element_value_array_initializer "{"
(string_literal "\"unchecked\"") ","
(string_literal "\"rawtypes\"") "}") ")")) "public" "sealed") "interface"
(identifier "Shape")
(permits "permits"
(type_list
(type_identifier "Circle") ","
(type_identifier "Square") ","
(scoped_type_identifier
(type_identifier "Shape") "."
(type_identifier "Poly"))))
(interface_body "{"
(method_declaration
(floating_point_type "double")
(identifier "area")
(formal_parameters "(" ")"))
(method_declaration
(modifiers "default")
(type_identifier "String")
(identifier "describe")
(formal_parameters "(" ")")
(block "{"
(return_statement "return"
(method_invocation
(string_literal "\"%s of area %.2f\"") "."
(identifier "formatted")
(argument_list "("
(method_invocation
(method_invocation
(identifier "getClass")
(argument_list "(" ")")) "."
(identifier "getSimpleName")
(argument_list "(" ")")) ","
(method_invocation
(identifier "area")
(argument_list "(" ")")) ")"))) "}"))
(method_declaration
(modifiers "static")
(type_identifier "Shape")
(identifier "unit")
(formal_parameters "(" ")")
(block "{"
(return_statement "return"
(object_creation_expression "new"
(type_identifier "Circle")
(argument_list "("
(decimal_integer_literal "1") ")"))) "}"))
(method_declaration
(modifiers "private")
(void_type "void")
(identifier "helper")
(formal_parameters "(" ")")
(block "{" "}"))
(interface_declaration
(modifiers "non" "-" "sealed") "interface"
(identifier "Poly")
(extends_interfaces "extends"
(type_list
(type_identifier "Shape")))
(interface_body "{" "}")) "}"))
(record_declaration "record"
(identifier "Circle")
(formal_parameters "("
(formal_parameter
(floating_point_type "double")
(identifier "r")) ")")
(super_interfaces "implements"
(type_list
(type_identifier "Shape")))
(class_body "{"
(compact_constructor_declaration
(identifier "Circle")
(block "{"
(if_statement "if"
(parenthesized_expression "("
(binary_expression
(identifier "r") "<"
(decimal_integer_literal "0")) ")")
(throw_statement "throw"
(object_creation_expression "new"
(type_identifier "IllegalArgumentException")
(argument_list "("
(binary_expression
(string_literal "\"r < 0: \"") "+"
(identifier "r")) ")")))) "}"))
(method_declaration
(modifiers "public")
(floating_point_type "double")
(identifier "area")
(formal_parameters "(" ")")
(block "{"
(return_statement "return"
(binary_expression
(binary_expression
(field_access
(identifier "Math") "."
(identifier "PI")) "*"
(identifier "r")) "*"
(identifier "r"))) "}")) "}"))
(class_declaration
(modifiers "final") "class"
(identifier "Square")
(super_interfaces "implements"
(type_list
(type_identifier "Shape")))
(class_body "{"
(field_declaration
(modifiers "private" "final")
(floating_point_type "double")
(variable_declarator
(identifier "side")))
(field_declaration
(modifiers "private")
(array_type
(integral_type "int")
(dimensions "[" "]"))
(variable_declarator
(identifier "counts") "="
(array_initializer "{"
(decimal_integer_literal "1") ","
(decimal_integer_literal "2") ","
(decimal_integer_literal "3") "}")) ","
(variable_declarator
(identifier "more")
(dimensions "[" "]")))
(constructor_declaration
(identifier "Square")
(formal_parameters "("
(formal_parameter
(floating_point_type "double")
(identifier "side")) ")")
(constructor_body "{"
(expression_statement
(assignment_expression
(field_access
(this "this") "."
(identifier "side")) "="
(identifier "side"))) "}"))
(method_declaration
(modifiers
(marker_annotation "@"
(identifier "Override")) "public")
(floating_point_type "double")
(identifier "area")
(formal_parameters "(" ")")
(block "{"
(return_statement "return"
(binary_expression
(identifier "side") "*"
(identifier "side"))) "}"))
(method_declaration
(type_parameters "<"
(type_parameter
(type_identifier "T")
(type_bound "extends"
(generic_type
(type_identifier "Comparable")
(type_arguments "<"
(wildcard "?"
(super "super")
(type_identifier "T")) ">")))) ">")
(type_identifier "T")
(identifier "biggest")
(formal_parameters "("
(formal_parameter
(generic_type
(type_identifier "List")
(type_arguments "<"
(wildcard "?" "extends"
(type_identifier "T")) ">"))
(identifier "xs")) ","
(spread_parameter
(type_identifier "T") "..."
(variable_declarator
(identifier "rest"))) ")")
(throws "throws"
(type_identifier "Exception"))
(block "{"
(local_variable_declaration
(type_identifier "T")
(variable_declarator
(identifier "best") "="
(null_literal "null")))
(enhanced_for_statement "for" "("
(type_identifier "T")
(identifier "x") ":"
(identifier "xs") ")"
(block "{"
(if_statement "if"
(parenthesized_expression "("
(binary_expression
(binary_expression
(identifier "best") "=="
(null_literal "null")) "||"
(binary_expression
(method_invocation
(identifier "x") "."
(identifier "compareTo")
(argument_list "("
(identifier "best") ")")) ">"
(decimal_integer_literal "0"))) ")")
(expression_statement
(assignment_expression
(identifier "best") "="
(identifier "x")))) "}"))
(return_statement "return"
(identifier "best")) "}")) "}"))
(enum_declaration "enum"
(identifier "Color")
(super_interfaces "implements"
(type_list
(generic_type
(type_identifier "Function")
(type_arguments "<"
(type_identifier "String") ","
(type_identifier "Color") ">"))))
(enum_body "{"
(enum_constant
(identifier "RED")
(argument_list "("
(string_literal "\"r\"") ")")
(class_body "{"
(method_declaration
(modifiers
(marker_annotation "@"
(identifier "Override")) "public")
(type_identifier "Color")
(identifier "apply")
(formal_parameters "("
(formal_parameter
(type_identifier "String")
(identifier "s")) ")")
(block "{"
(return_statement "return"
(this "this")) "}")) "}")) ","
(enum_constant
(identifier "GREEN")
(argument_list "("
(string_literal "\"g\"") ")"))
(enum_body_declarations ";"
(field_declaration
(modifiers "private" "final")
(type_identifier "String")
(variable_declarator
(identifier "code")))
(constructor_declaration
(identifier "Color")
(formal_parameters "("
(formal_parameter
(type_identifier "String")
(identifier "code")) ")")
(constructor_body "{"
(expression_statement
(assignment_expression
(field_access
(this "this") "."
(identifier "code")) "="
(identifier "code"))) "}"))
(method_declaration
(modifiers "public")
(type_identifier "Color")
(identifier "apply")
(formal_parameters "("
(formal_parameter
(type_identifier "String")
(identifier "s")) ")")
(block "{"
(return_statement "return"
(method_invocation
(identifier "valueOf")
(argument_list "("
(identifier "s") ")"))) "}"))) "}"))
(annotation_type_declaration "@" "interface"
(identifier "Marker")
(annotation_type_body "{"
(annotation_type_element_declaration
(type_identifier "String")
(identifier "value")
(formal_parameters "(" ")") "default"
(string_literal "\"\""))
(annotation_type_element_declaration
(array_type
(integral_type "int")
(dimensions "[" "]"))
(identifier "sizes")
(formal_parameters "(" ")") "default"
(element_value_array_initializer "{"
(decimal_integer_literal "1") ","
(decimal_integer_literal "2") "}")) "}"))
(class_declaration "class"
(identifier "Uses")
(class_body "{"
(method_declaration
(modifiers "static")
(integral_type "int")
(identifier "area")
(formal_parameters "("
(formal_parameter
(type_identifier "Object")
(identifier "o")) ")")
(block "{"
(return_statement "return"
(switch_expression "switch"
(parenthesized_expression "("
(identifier "o") ")")
(switch_block "{"
(switch_rule
(switch_label "case"
(type_pattern
(type_identifier "Circle")
(identifier "c"))
(guard "when"
(binary_expression
(method_invocation
(identifier "c") "."
(identifier "r")
(argument_list "(" ")")) ">"
(decimal_integer_literal "10")))) "->"
(expression_statement
(decimal_integer_literal "1")))
(switch_rule
(switch_label "case"
(record_pattern
(type_identifier "Circle")
(record_pattern_body "("
(type_pattern
(type_identifier "var")
(identifier "r")) ")"))) "->"
(expression_statement
(cast_expression "("
(integral_type "int") ")"
(identifier "r"))))
(switch_rule
(switch_label "case"
(type_pattern
(type_identifier "Square")
(identifier "s"))) "->"
(block "{"
(yield_statement "yield"
(decimal_integer_literal "2")) "}"))
(switch_rule
(switch_label "case"
(null_literal "null") "," "default") "->"
(expression_statement
(decimal_integer_literal "0"))) "}"))) "}"))
(method_declaration
(void_type "void")
(identifier "statements")
(formal_parameters "("
(formal_parameter
(generic_type
(type_identifier "List")
(type_arguments "<"
(type_identifier "String") ">"))
(identifier "names")) ","
(formal_parameter
(generic_type
(type_identifier "Map")
(type_arguments "<"
(type_identifier "String") ","
(generic_type
(type_identifier "List")
(type_arguments "<"
(type_identifier "Integer") ">")) ">"))
(identifier "index")) ")")
(throws "throws"
(scoped_type_identifier
(scoped_type_identifier
(type_identifier "java") "."
(type_identifier "io")) "."
(type_identifier "IOException")))
(block "{"
(local_variable_declaration
(type_identifier "var")
(variable_declarator
(identifier "text") "="
(string_literal "\"\"\"\n            Hello, \"world\"!\n            \\\"\"\"\n            \"\"\"")))
(local_variable_declaration
(integral_type "int")
(variable_declarator
(identifier "x") "="
(binary_expression
(binary_expression
(binary_expression
(binary_expression
(binary_expression
(hex_integer_literal "0x1F") "+"
(octal_integer_literal "017")) "+"
(binary_integer_literal "0b101")) "+"
(decimal_integer_literal "1_000")) "+"
(character_literal "'a'")) "+"
(character_literal "'\\u0041'"))))
(local_variable_declaration
(integral_type "long")
(variable_declarator
(identifier "big") "="
(binary_expression
(binary_expression
(decimal_integer_literal "10L") ">" ">"
(decimal_integer_literal "2")) ">" ">" ">"
(decimal_integer_literal "1"))))
(expression_statement
(assignment_expression
(identifier "x") ">" ">" "="
(decimal_integer_literal "1")))
(expression_statement
(assignment_expression
(identifier "x") ">" ">" ">" "="
(decimal_integer_literal "2")))
(local_variable_declaration
(boolean_type "boolean")
(variable_declarator
(identifier "b") "="
(binary_expression
(binary_expression
(binary_expression
(identifier "x") ">" "="
(decimal_integer_literal "3")) "&&"
(unary_expression "!"
(parenthesized_expression "("
(binary_expression
(identifier "x") "<"
(decimal_integer_literal "2")) ")"))) "||"
(binary_expression
(instanceof_expression
(identifier "x") "instanceof"
(type_identifier "Integer")
(identifier "i")) "&&"
(binary_expression
(identifier "i") ">"
(decimal_integer_literal "0"))))))
(local_variable_declaration
(type_identifier "Runnable")
(variable_declarator
(identifier "r") "="
(lambda_expression
(formal_parameters "(" ")") "->"
(method_invocation
(field_access
(identifier "System") "."
(identifier "out")) "."
(identifier "println")
(argument_list "("
(string_literal "\"run\"") ")")))))
(local_variable_declaration
(generic_type
(type_identifier "Function")
(type_arguments "<"
(type_identifier "Integer") ","
(type_identifier "Integer") ">"))
(variable_declarator
(identifier "inc") "="
(lambda_expression
(identifier "n") "->"
(binary_expression
(identifier "n") "+"
(decimal_integer_literal "1")))))
(local_variable_declaration
(generic_type
(scoped_type_identifier
(scoped_type_identifier
(scoped_type_identifier
(type_identifier "java") "."
(type_identifier "util")) "."
(type_identifier "function")) "."
(type_identifier "BiFunction"))
(type_arguments "<"
(type_identifier "Integer") ","
(type_identifier "Integer") ","
(type_identifier "Integer") ">"))
(variable_declarator
(identifier "add") "="
(lambda_expression
(inferred_parameters "("
(identifier "a") ","
(identifier "c") ")") "->"
(binary_expression
(identifier "a") "+"
(identifier "c")))))
(local_variable_declaration
(generic_type
(type_identifier "Comparator")
(type_arguments "<"
(type_identifier "String") ">"))
(variable_declarator
(identifier "cmp") "="
(lambda_expression
(formal_parameters "("
(formal_parameter
(type_identifier "String")
(identifier "a")) ","
(formal_parameter
(type_identifier "String")
(identifier "c")) ")") "->"
(method_invocation
(identifier "a") "."
(identifier "compareTo")
(argument_list "("
(identifier "c") ")")))))
(local_variable_declaration
(generic_type
(type_identifier "Function")
(type_arguments "<"
(type_identifier "Integer") ","
(array_type
(integral_type "int")
(dimensions "[" "]")) ">"))
(variable_declarator
(identifier "mk") "="
(method_reference
(array_type
(integral_type "int")
(dimensions "[" "]")) "::" "new")))
(expression_statement
(method_invocation
(identifier "names") "."
(identifier "forEach")
(argument_list "("
(method_reference
(field_access
(identifier "System") "."
(identifier "out")) "::"
(identifier "println")) ")")))
(local_variable_declaration
(array_type
(generic_type
(type_identifier "List")
(type_arguments "<"
(type_identifier "String") ">"))
(dimensions "[" "]"))
(variable_declarator
(identifier "arr") "="
(array_creation_expression "new"
(type_identifier "List")
(dimensions_expr "["
(decimal_integer_literal "3") "]"))))
(local_variable_declaration
(array_type
(integral_type "int")
(dimensions "[" "]" "[" "]"))
(variable_declarator
(identifier "grid") "="
(array_creation_expression "new"
(integral_type "int")
(dimensions_expr "["
(decimal_integer_literal "3") "]")
(dimensions "[" "]"))))
(local_variable_declaration
(type_identifier "String")
(variable_declarator
(identifier "s") "="
(cast_expression "("
(type_identifier "String") ")"
(method_invocation
(method_invocation
(identifier "index") "."
(identifier "get")
(argument_list "("
(string_literal "\"k\"") ")")) "."
(identifier "toString")
(argument_list "(" ")")))))
(local_variable_declaration
(type_identifier "Object")
(variable_declarator
(identifier "o") "="
(cast_expression "("
(generic_type
(type_identifier "Comparable")
(type_arguments "<"
(type_identifier "String") ">")) "&"
(scoped_type_identifier
(scoped_type_identifier
(type_identifier "java") "."
(type_identifier "io")) "."
(type_identifier "Serializable")) ")"
(string_literal "\"x\""))))
(labeled_statement
(identifier "label") ":"
(for_statement "for" "("
(local_variable_declaration
(integral_type "int")
(variable_declarator
(identifier "i") "="
(decimal_integer_literal "0")) ","
(variable_declarator
(identifier "j") "="
(decimal_integer_literal "10"))) ";"
(binary_expression
(identifier "i") "<"
(identifier "j")) ";"
(update_expression
(identifier "i") "++") ","
(update_expression
(identifier "j") "--") ")"
(block "{"
(if_statement "if"
(parenthesized_expression "("
(binary_expression
(identifier "i") "=="
(decimal_integer_literal "2")) ")")
(continue_statement "continue"
(identifier "label")) "else"
(if_statement "if"
(parenthesized_expression "("
(binary_expression
(identifier "i") "=="
(decimal_integer_literal "3")) ")")
(break_statement "break") "else"
(block "{"
(do_statement "do"
(block "{"
(expression_statement
(update_expression
(identifier "i") "++")) "}") "while"
(parenthesized_expression "("
(binary_expression
(identifier "i") "<"
(decimal_integer_literal "1")) ")")) "}"))) "}")))
(try_with_resources_statement "try"
(resource_specification "("
(resource
(type_identifier "var")
(identifier "in") "="
(object_creation_expression "new"
(scoped_type_identifier
(scoped_type_identifier
(type_identifier "java") "."
(type_identifier "io")) "."
(type_identifier "StringReader"))
(argument_list "("
(string_literal "\"x\"") ")"))) ";"
(resource
(scoped_type_identifier
(scoped_type_identifier
(type_identifier "java") "."
(type_identifier "io")) "."
(type_identifier "Reader"))
(identifier "other") "="
(identifier "in")) ")")
(block "{"
(expression_statement
(method_invocation
(identifier "in") "."
(identifier "read")
(argument_list "(" ")"))) "}")
(catch_clause "catch" "("
(catch_formal_parameter
(catch_type
(type_identifier "IllegalStateException") "|"
(type_identifier "IllegalArgumentException"))
(identifier "e")) ")"
(block "{"
(throw_statement "throw"
(identifier "e")) "}"))
(finally_clause "finally"
(block "{"
(synchronized_statement "synchronized"
(parenthesized_expression "("
(this "this") ")")
(block "{"
(assert_statement "assert"
(binary_expression
(identifier "x") ">"
(decimal_integer_literal "0")) ":"
(string_literal "\"positive\"")) "}")) "}")))
(switch_expression "switch"
(parenthesized_expression "("
(identifier "x") ")")
(switch_block "{"
(switch_block_statement_group
(switch_label "case"
(decimal_integer_literal "1")) ":"
(switch_label "case"
(decimal_integer_literal "2")) ":"
(expression_statement
(update_expression
(identifier "x") "++"))
(break_statement "break"))
(switch_block_statement_group
(switch_label "default") ":"
(expression_statement
(update_expression
(identifier "x") "--"))) "}"))
(if_statement "if"
(parenthesized_expression "("
(binary_expression
(instanceof_expression
(identifier "o") "instanceof"
(record_pattern
(type_identifier "Circle")
(record_pattern_body "("
(type_pattern
(floating_point_type "double")
(identifier "radius")) ")"))) "&&"
(binary_expression
(identifier "radius") ">"
(decimal_integer_literal "1"))) ")")
(block "{"
(local_variable_declaration
(type_identifier "Object")
(variable_declarator
(identifier "anon") "="
(object_creation_expression "new"
(type_identifier "Object")
(argument_list "(" ")")
(class_body "{"
(method_declaration
(modifiers "public")
(type_identifier "String")
(identifier "toString")
(formal_parameters "(" ")")
(block "{"
(return_statement "return"
(string_literal "\"anon\"")) "}")) "}")))) "}"))
(enhanced_for_statement "for" "("
(type_identifier "String")
(identifier "_") ":"
(identifier "names") ")"
(block "{" "}"))
(local_variable_declaration
(type_identifier "var")
(variable_declarator
(identifier "outer") "="
(object_creation_expression
(this "this") "." "new"
(type_identifier "Inner")
(argument_list "(" ")"))))
(local_variable_declaration
(generic_type
(type_identifier "Class")
(type_arguments "<"
(wildcard "?") ">"))
(variable_declarator
(identifier "k") "="
(class_literal
(integral_type "int") "." "class")))
(expression_statement
(assignment_expression
(identifier "k") "="
(class_literal
(array_type
(field_access
(identifier "Map") "."
(identifier "Entry"))
(dimensions "[" "]")) "." "class")))
(expression_statement
(method_invocation
(identifier "Collections") "."
(type_arguments "<"
(type_identifier "String") ">")
(identifier "emptyList")
(argument_list "(" ")")))
(local_variable_declaration
(type_identifier "String")
(variable_declarator
(identifier "yield") "="
(string_literal "\"y\"")))
(local_variable_declaration
(integral_type "int")
(variable_declarator
(identifier "record") "="
(decimal_integer_literal "1")) ","
(variable_declarator
(identifier "var") "="
(decimal_integer_literal "2")) ","
(variable_declarator
(identifier "when") "="
(decimal_integer_literal "3")) ","
(variable_declarator
(identifier "permits") "="
(decimal_integer_literal "4")) ","
(variable_declarator
(identifier "sealed") "="
(decimal_integer_literal "5")) ","
(variable_declarator
(identifier "module") "="
(decimal_integer_literal "6"))) "}"))
(class_declaration "class"
(identifier "Inner")
(class_body "{" "}")) "}")))
