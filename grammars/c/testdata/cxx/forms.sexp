(translation_unit
(preproc_include "#"
(preproc_directive "include")
(system_lib_string "<memory>"))
(preproc_include "#"
(preproc_directive "include")
(system_lib_string "<string>"))
(preproc_include "#"
(preproc_directive "include")
(system_lib_string "<vector>"))
(namespace_definition "namespace"
(nested_namespace_specifier
(namespace_identifier "app") "::"
(namespace_identifier "detail"))
(declaration_list "{"
(namespace_definition "inline" "namespace"
(namespace_identifier "v1")
(declaration_list "{"
(declaration "constexpr"
(int "int")
(init_declarator
(identifier "limit") "="
(number_literal "1'000'000"))) "}"))
(namespace_alias_definition "namespace"
(namespace_identifier "fs") "="
(qualified_identifier
(namespace_identifier "std") "::"
(namespace_identifier "filesystem")))
(using_declaration "using" "namespace"
(qualified_identifier
(namespace_identifier "std") "::"
(identifier "literals")))
(using_declaration "using"
(qualified_identifier
(namespace_identifier "std") "::"
(identifier "string")))
(alias_declaration "using"
(type_identifier "Bytes") "="
(type_descriptor
(qualified_identifier
(namespace_identifier "std") "::"
(template_type
(type_identifier "vector")
(template_argument_list "<"
(type_descriptor
(sized_type_specifier
(unsigned "unsigned")
(char "char"))) ">")))))
(template_declaration "template"
(template_parameter_list "<"
(type_parameter_declaration "typename"
(type_identifier "T")) ">")
(alias_declaration "using"
(type_identifier "Ptr") "="
(type_descriptor
(qualified_identifier
(namespace_identifier "std") "::"
(template_type
(type_identifier "unique_ptr")
(template_argument_list "<"
(type_descriptor
(type_identifier "T")) ">")))))) "}"))
(declaration
(enum_specifier "enum" "class"
(type_identifier "Color") ":"
(type_descriptor
(unsigned "unsigned"))
(enumerator_list "{"
(enumerator
(identifier "red")) ","
(enumerator
(identifier "green") "="
(number_literal "2")) ","
(enumerator
(identifier "blue")) "}")))
(template_declaration "template"
(template_parameter_list "<"
(type_parameter_declaration "typename"
(type_identifier "T")) ">")
(concept_definition "concept"
(identifier "Addable") "="
(requires_expression "requires"
(parameter_list "("
(parameter_declaration
(type_identifier "T")
(identifier "a")) ","
(parameter_declaration
(type_identifier "T")
(identifier "b")) ")")
(requirement_seq "{"
(compound_requirement "{"
(binary_expression
(identifier "a") "+"
(identifier "b")) "}"
(trailing_return_type "->"
(type_descriptor
(qualified_identifier
(namespace_identifier "std") "::"
(template_type
(type_identifier "same_as")
(template_argument_list "<"
(type_descriptor
(type_identifier "T")) ">"))))))
(type_requirement "typename"
(qualified_identifier
(namespace_identifier "T") "::"
(type_identifier "value_type"))) "}"))))
(template_declaration "template"
(template_parameter_list "<"
(type_parameter_declaration "typename"
(type_identifier "T")) ","
(variadic_type_parameter_declaration "typename" "..."
(type_identifier "Rest")) ">")
(declaration
(class_specifier "class"
(type_identifier "Box")
(base_class_clause ":"
(access_specifier "public")
(template_type
(type_identifier "Base")
(template_argument_list "<"
(type_descriptor
(type_identifier "T")) ">")) ","
(access_specifier "private") "virtual"
(type_identifier "Other"))
(field_declaration_list "{"
(access_specifier "public" ":")
(function_definition
(function_declarator
(identifier "Box")
(parameter_list "(" ")"))
(field_initializer_list ":"
(field_initializer
(field_identifier "items_")
(initializer_list "{" "}")) ","
(field_initializer
(field_identifier "size_")
(argument_list "("
(number_literal "0") ")")))
(compound_statement "{" "}"))
(declaration
(explicit_function_specifier "explicit")
(function_declarator
(identifier "Box")
(parameter_list "("
(parameter_declaration
(type_identifier "T")
(identifier "first")) ","
(variadic_parameter_declaration
(type_identifier "Rest")
(variadic_declarator "..."
(identifier "rest"))) ")")
(noexcept "noexcept")))
(function_definition
(function_declarator
(identifier "Box")
(parameter_list "("
(parameter_declaration "const"
(type_identifier "Box")
(abstract_reference_declarator "&")) ")"))
(default_method_clause "=" "default"))
(function_definition
(type_identifier "Box")
(reference_declarator "&"
(function_declarator
(operator_name "operator" "=")
(parameter_list "("
(parameter_declaration
(type_identifier "Box")
(abstract_reference_declarator "&&")) ")")))
(delete_method_clause "=" "delete"))
(declaration "virtual"
(function_declarator
(destructor_name "~"
(identifier "Box"))
(parameter_list "(" ")")
(virtual_specifier
(identifier "override"))))
(field_declaration "virtual"
(void "void")
(function_declarator
(field_identifier "draw")
(parameter_list "(" ")") "const")
(pure_virtual_clause "="
(number_literal "0")))
(function_definition
(type_identifier "T")
(reference_declarator "&"
(function_declarator
(operator_name "operator" "[" "]")
(parameter_list "("
(parameter_declaration
(qualified_identifier
(namespace_identifier "std") "::"
(type_identifier "size_t"))
(identifier "i")) ")")))
(compound_statement "{"
(return_statement "return"
(subscript_expression
(identifier "items_") "["
(identifier "i") "]")) "}"))
(function_definition
(operator_cast "operator"
(bool "bool")
(abstract_function_declarator
(parameter_list "(" ")") "const"))
(compound_statement "{"
(return_statement "return"
(unary_expression "!"
(call_expression
(field_expression
(identifier "items_") "."
(field_identifier "empty"))
(argument_list "(" ")")))) "}"))
(template_declaration "template"
(template_parameter_list "<"
(type_parameter_declaration "typename"
(type_identifier "U")) ">")
(declaration
(type_identifier "U")
(function_declarator
(identifier "as")
(parameter_list "(" ")") "const")))
(friend_declaration "friend"
(declaration
(bool "bool")
(function_declarator
(operator_name "operator" "==")
(parameter_list "("
(parameter_declaration "const"
(type_identifier "Box")
(abstract_reference_declarator "&")) ","
(parameter_declaration "const"
(type_identifier "Box")
(abstract_reference_declarator "&")) ")"))))
(field_declaration "static" "constexpr"
(int "int")
(field_identifier "kind") "="
(number_literal "3"))
(access_specifier "protected" ":")
(field_declaration "mutable"
(int "int")
(field_identifier "size_"))
(access_specifier "private" ":")
(field_declaration
(qualified_identifier
(namespace_identifier "std") "::"
(template_type
(type_identifier "vector")
(template_argument_list "<"
(type_descriptor
(type_identifier "T")) ">")))
(field_identifier "items_"))
(field_declaration
(unsigned "unsigned")
(field_identifier "flags_")
(bitfield_clause ":"
(number_literal "4"))) "}"))))
(template_declaration "template"
(template_parameter_list "<" ">")
(declaration
(class_specifier "class"
(template_type
(type_identifier "Box")
(template_argument_list "<"
(type_descriptor
(void "void")) ">"))
(field_declaration_list "{" "}"))))
(template_declaration "template"
(template_parameter_list "<"
(type_parameter_declaration "typename"
(type_identifier "T")) ","
(variadic_type_parameter_declaration "typename" "..."
(type_identifier "Rest")) ">")
(function_definition
(function_declarator
(qualified_identifier
(template_type
(type_identifier "Box")
(template_argument_list "<"
(type_descriptor
(type_identifier "T")) ","
(parameter_pack_expansion
(type_descriptor
(type_identifier "Rest")) "...") ">")) "::"
(identifier "Box"))
(parameter_list "("
(parameter_declaration
(type_identifier "T")
(identifier "first")) ","
(variadic_parameter_declaration
(type_identifier "Rest")
(variadic_declarator "..."
(identifier "rest"))) ")")
(noexcept "noexcept"))
(field_initializer_list ":"
(field_initializer
(field_identifier "items_")
(initializer_list "{"
(identifier "first") ","
(parameter_pack_expansion
(identifier "rest") "...") "}")) ","
(field_initializer
(field_identifier "size_")
(argument_list "("
(sizeof_expression "sizeof" "..." "("
(identifier "Rest") ")") ")")))
(compound_statement "{" "}")))
(template_declaration "template"
(template_parameter_list "<"
(parameter_declaration
(type_identifier "Addable")
(identifier "T")) ">")
(function_definition
(type_identifier "T")
(function_declarator
(identifier "sum")
(parameter_list "("
(parameter_declaration "const"
(qualified_identifier
(namespace_identifier "std") "::"
(template_type
(type_identifier "vector")
(template_argument_list "<"
(type_descriptor
(type_identifier "T")) ">")))
(reference_declarator "&"
(identifier "xs"))) ")"))
(compound_statement "{"
(declaration
(type_identifier "T")
(init_declarator
(identifier "total")
(initializer_list "{" "}")))
(for_range_loop "for" "(" "const"
(placeholder_type_specifier
(auto "auto"))
(reference_declarator "&"
(identifier "x")) ":"
(identifier "xs") ")"
(compound_statement "{"
(expression_statement
(assignment_expression
(identifier "total") "+="
(identifier "x"))) "}"))
(return_statement "return"
(identifier "total")) "}")))
(template_declaration "template"
(template_parameter_list "<"
(variadic_type_parameter_declaration "typename" "..."
(type_identifier "Ts")) ">")
(function_definition
(placeholder_type_specifier
(auto "auto"))
(function_declarator
(identifier "fold")
(parameter_list "("
(variadic_parameter_declaration
(type_identifier "Ts")
(variadic_declarator "..."
(identifier "ts"))) ")")
(trailing_return_type "->"
(type_descriptor
(decltype "decltype" "("
(fold_expression "("
(identifier "ts") "+" "..." ")") ")"))))
(compound_statement "{"
(return_statement "return"
(fold_expression "("
(identifier "ts") "+" "..." "+"
(number_literal "0") ")")) "}")))
(declaration
(placeholder_type_specifier
(auto "auto"))
(init_declarator
(identifier "lambda") "="
(lambda_expression
(lambda_capture_specifier "["
(lambda_capture_initializer
(identifier "count") "="
(number_literal "0")) ","
(lambda_capture_initializer "&"
(identifier "limit") "="
(qualified_identifier
(namespace_identifier "app") "::"
(qualified_identifier
(namespace_identifier "detail") "::"
(identifier "limit")))) "]")
(abstract_function_declarator
(parameter_list "("
(parameter_declaration
(int "int")
(identifier "x")) ")") "mutable"
(trailing_return_type "->"
(type_descriptor
(int "int"))))
(compound_statement "{"
(return_statement "return"
(conditional_expression
(binary_expression
(identifier "x") "<"
(identifier "limit")) "?"
(update_expression "++"
(identifier "count")) ":"
(identifier "count"))) "}"))))
(declaration
(struct_specifier "struct"
(type_identifier "Point")
(field_declaration_list "{"
(field_declaration
(int "int")
(field_identifier "x") ","
(field_identifier "y")) "}")))
(function_definition
(int "int")
(function_declarator
(identifier "use")
(parameter_list "("
(parameter_declaration
(template_type
(type_identifier "Box")
(template_argument_list "<"
(type_descriptor
(int "int")) ">"))
(reference_declarator "&"
(identifier "box"))) ","
(parameter_declaration
(type_identifier "Point")
(pointer_declarator "*"
(identifier "p"))) ","
(parameter_declaration "const"
(char "char")
(pointer_declarator "*"
(identifier "name"))) ")"))
(try_statement "try"
(compound_statement "{"
(declaration
(placeholder_type_specifier
(auto "auto"))
(init_declarator
(structured_binding_declarator "["
(identifier "a") ","
(identifier "b") "]") "="
(compound_literal_expression
(type_identifier "Point")
(initializer_list "{"
(number_literal "1") ","
(number_literal "2") "}"))))
(if_statement "if" "("
(declaration
(placeholder_type_specifier
(auto "auto"))
(init_declarator
(identifier "it") "="
(call_expression
(field_expression
(identifier "box") "."
(template_method
(field_identifier "as")
(template_argument_list "<"
(type_descriptor
(int "int")) ">")))
(argument_list "(" ")"))))
(binary_expression
(identifier "it") ">"
(number_literal "0")) ")"
(compound_statement "{"
(return_statement "return"
(call_expression
(template_function
(identifier "static_cast")
(template_argument_list "<"
(type_descriptor
(int "int")) ">"))
(argument_list "("
(identifier "it") ")"))) "}")
(else_clause "else"
(if_statement "if" "constexpr" "("
(binary_expression
(sizeof_expression "sizeof" "("
(type_descriptor
(type_identifier "Point")) ")") "=="
(number_literal "8")) ")"
(compound_statement "{"
(expression_statement
(assignment_expression
(field_expression
(identifier "p") "->"
(field_identifier "x")) "="
(binary_expression
(identifier "a") ">" ">"
(number_literal "2")))) "}"))))
(declaration
(qualified_identifier
(namespace_identifier "std") "::"
(template_type
(type_identifier "vector")
(template_argument_list "<"
(type_descriptor
(qualified_identifier
(namespace_identifier "std") "::"
(template_type
(type_identifier "vector")
(template_argument_list "<"
(type_descriptor
(int "int")) ">")))) ">")))
(init_declarator
(identifier "grid")
(argument_list "("
(number_literal "3") ","
(call_expression
(qualified_identifier
(namespace_identifier "std") "::"
(template_function
(identifier "vector")
(template_argument_list "<"
(type_descriptor
(int "int")) ">")))
(argument_list "("
(number_literal "3") ")")) ")")))
(declaration
(template_type
(type_identifier "Ptr")
(template_argument_list "<"
(type_descriptor
(type_identifier "Point")) ">"))
(init_declarator
(identifier "q") "="
(call_expression
(qualified_identifier
(namespace_identifier "std") "::"
(template_function
(identifier "make_unique")
(template_argument_list "<"
(type_descriptor
(type_identifier "Point")) ">")))
(argument_list "("
(pointer_expression "*"
(identifier "p")) ")"))))
(declaration
(type_identifier "Point")
(init_declarator
(pointer_declarator "*"
(identifier "raw")) "="
(new_expression "new"
(type_identifier "Point")
(initializer_list "{"
(number_literal "3") ","
(number_literal "4") "}"))))
(expression_statement
(delete_expression "delete"
(identifier "raw")))
(declaration
(placeholder_type_specifier
(auto "auto"))
(init_declarator
(identifier "s") "="
(user_defined_literal
(raw_string_literal "R\"json({\"a\": [1, 2]})json\"")
(literal_suffix "s"))))
(switch_statement "switch" "("
(declaration
(type_identifier "Color")
(init_declarator
(identifier "c") "="
(qualified_identifier
(namespace_identifier "Color") "::"
(identifier "red"))))
(identifier "c") ")"
(compound_statement "{"
(case_statement "case"
(qualified_identifier
(namespace_identifier "Color") "::"
(identifier "red")) ":")
(attributed_statement
(attribute_declaration "[" "["
(attribute
(identifier "fallthrough")) "]" "]") ";")
(case_statement "default" ":")
(break_statement "break") "}"))
(throw_statement "throw"
(call_expression
(qualified_identifier
(namespace_identifier "std") "::"
(identifier "runtime_error"))
(argument_list "("
(string_literal "\"no\"") ")"))) "}")
(catch_clause "catch"
(parameter_list "("
(parameter_declaration "const"
(qualified_identifier
(namespace_identifier "std") "::"
(type_identifier "exception"))
(reference_declarator "&"
(identifier "e"))) ")")
(compound_statement "{"
(return_statement "return"
(unary_expression "-"
(number_literal "1"))) "}"))
(catch_clause "catch"
(parameter_list "(" "..." ")")
(compound_statement "{"
(throw_statement "throw") "}"))))
(function_definition
(template_type
(type_identifier "Task")
(template_argument_list "<"
(type_descriptor
(int "int")) ">"))
(function_declarator
(identifier "coro")
(parameter_list "(" ")"))
(compound_statement "{"
(expression_statement
(co_await_expression "co_await"
(call_expression
(identifier "next")
(argument_list "(" ")"))))
(co_yield_statement "co_yield"
(number_literal "1"))
(co_return_statement "co_return"
(number_literal "2")) "}"))
(static_assert_declaration "static_assert" "("
(binary_expression
(sizeof_expression "sizeof" "("
(type_descriptor
(int "int")) ")") ">="
(number_literal "4")) ","
(string_literal "\"int is small\"") ")")
(linkage_specification "extern"
(string_literal "\"C\"")
(declaration
(int "int")
(function_declarator
(identifier "c_function")
(parameter_list "("
(parameter_declaration
(void "void")) ")"))))
(template_instantiation "template"
(class_specifier "class"
(template_type
(type_identifier "Box")
(template_argument_list "<"
(type_descriptor
(int "int")) ">")))))
