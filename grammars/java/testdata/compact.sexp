(program
(import_declaration "import" "module"
(scoped_identifier
(identifier "java") "."
(identifier "base")))
(field_declaration
(type_identifier "String")
(variable_declarator
(identifier "greeting") "="
(string_literal "\"hi\"")))
(method_declaration
(void_type "void")
(identifier "main")
(formal_parameters "(" ")")
(block "{"
(local_variable_declaration
(type_identifier "var")
(variable_declarator
(identifier "list") "="
(method_invocation
(identifier "List") "."
(identifier "of")
(argument_list "("
(decimal_integer_literal "1") ","
(decimal_integer_literal "2") ")"))))
(enhanced_for_statement "for" "("
(type_identifier "var")
(identifier "_") ":"
(identifier "list") ")"
(block "{" "}"))
(try_statement "try"
(block "{"
(expression_statement
(method_invocation
(identifier "run")
(argument_list "(" ")"))) "}")
(catch_clause "catch" "("
(catch_formal_parameter
(catch_type
(type_identifier "Exception"))
(identifier "_")) ")"
(block "{" "}")))
(expression_statement
(method_invocation
(identifier "list") "."
(identifier "forEach")
(argument_list "("
(lambda_expression
(identifier "_") "->"
(method_invocation
(identifier "IO") "."
(identifier "println")
(argument_list "("
(identifier "greeting") ")"))) ")"))) "}"))
(method_declaration
(void_type "void")
(identifier "run")
(formal_parameters "(" ")")
(block "{" "}"))
(class_declaration "class"
(identifier "Point")
(class_body "{"
(field_declaration
(modifiers "final")
(integral_type "int")
(variable_declarator
(identifier "x")))
(constructor_declaration
(identifier "Point")
(formal_parameters "("
(formal_parameter
(integral_type "int")
(identifier "x")) ")")
(constructor_body "{"
(if_statement "if"
(parenthesized_expression "("
(binary_expression
(identifier "x") "<"
(decimal_integer_literal "0")) ")")
(throw_statement "throw"
(object_creation_expression "new"
(type_identifier "IllegalArgumentException")
(argument_list "(" ")"))))
(expression_statement
(assignment_expression
(field_access
(this "this") "."
(identifier "x")) "="
(identifier "x")))
(explicit_constructor_invocation
(super "super")
(argument_list "(" ")")) "}")) "}")))
