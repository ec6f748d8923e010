(module
(string "\"\"\"Every construct of the Python grammar, for the golden tree.\"\"\"")
(import_from_statement "from"
(identifier "__future__") "import"
(identifier "annotations"))
(import_statement "import"
(identifier "os") ","
(aliased_import
(identifier "sys") "as"
(identifier "system")))
(import_statement "import"
(dotted_name
(identifier "a") "."
(identifier "b") "."
(identifier "c")))
(import_from_statement "from"
(relative_import ".") "import"
(identifier "sibling"))
(import_from_statement "from"
(relative_import "." "."
(dotted_name
(identifier "pkg") "."
(identifier "mod"))) "import" "("
(aliased_import
(identifier "name") "as"
(identifier "alias")) ","
(identifier "other") "," ")")
(import_from_statement "from"
(relative_import "...") "import"
(identifier "up"))
(import_from_statement "from"
(dotted_name
(identifier "os") "."
(identifier "path")) "import"
(wildcard_import "*"))
(assignment
(identifier "x") "="
(integer "1"))
(assignment
(identifier "y") "="
(integer "2"))
(assignment
(identifier "a") "="
(assignment
(identifier "b") "="
(assignment
(identifier "c") "="
(none "None"))))
(assignment
(expression_list
(identifier "first") ","
(list_splat "*"
(identifier "rest"))) "="
(identifier "items"))
(assignment
(expression_list
(tuple "("
(identifier "p") ","
(identifier "q") ")") ","
(list "["
(identifier "r") ","
(identifier "s") "]")) "="
(identifier "pairs"))
(assignment
(identifier "count") ":"
(identifier "int") "="
(integer "0"))
(assignment
(identifier "label") ":"
(identifier "str"))
(augmented_assignment
(identifier "x") "+="
(integer "1"))
(augmented_assignment
(identifier "x") "-="
(integer "1"))
(augmented_assignment
(identifier "x") "*="
(integer "2"))
(augmented_assignment
(identifier "x") "/="
(integer "2"))
(augmented_assignment
(identifier "x") "//="
(integer "2"))
(augmented_assignment
(identifier "x") "%="
(integer "3"))
(augmented_assignment
(identifier "x") "**="
(integer "2"))
(augmented_assignment
(identifier "x") "@="
(identifier "m"))
(augmented_assignment
(identifier "x") "&="
(integer "1"))
(augmented_assignment
(identifier "x") "|="
(integer "2"))
(augmented_assignment
(identifier "x") "^="
(integer "3"))
(augmented_assignment
(identifier "x") "<<="
(integer "1"))
(augmented_assignment
(identifier "x") ">>="
(integer "1"))
(assignment
(identifier "numbers") "="
(list "["
(integer "0") ","
(integer "1_000") ","
(integer "0x_1F") ","
(integer "0o17") ","
(integer "0b1010") ","
(float "1.5") ","
(float ".5") ","
(float "1.") ","
(float "1e10") ","
(float "1.5E-3") ","
(float "1_0.0_1") ","
(integer "3j") ","
(float "1.5J") ","
(float "1e3j") "]"))
(assignment
(identifier "strings") "="
(list "["
(string "'single'") ","
(string "\"double\"") ","
(string "'''triple\nsingle'''") ","
(string "\"\"\"triple\ndouble\"\"\"") ","
(string "r'\\d+'") ","
(string "b'bytes'") ","
(string "u'unicode'") ","
(string "R\"raw\"") ","
(string "Rb'\\x00'") ","
(string "BR\"x\"") ","
(string "rB'x'") ","
(f_string "f'"
(interpolation "{"
(identifier "x")
(type_conversion "!r")
(format_specifier ":"
(string_content ">")
(interpolation "{"
(identifier "width") "}")) "}") "'") ","
(f_string "rf'"
(interpolation "{"
(identifier "x") "}")
(string_content "\\d") "'") ","
(f_string "FR\""
(interpolation "{"
(identifier "y") "}") "\"") "]"))
(assignment
(identifier "implicit") "="
(parenthesized_expression "("
(concatenated_string
(string "\"adjacent\"")
(string "'strings'")
(f_string "f\""
(string_content "with ")
(interpolation "{"
(identifier "x") "}") "\"")
(string "\"concatenated\"")) ")"))
(assignment
(identifier "nested") "="
(f_string "f\""
(interpolation "{"
(subscript
(identifier "d") "["
(string "\"key\"") "]") "}")
(string_content " and ")
(interpolation "{"
(f_string "f'"
(interpolation "{"
(identifier "inner") "}") "'") "}")
(string_content " and ")
(interpolation "{"
(identifier "x")
(format_specifier ":"
(interpolation "{"
(identifier "width") "}")
(string_content ".")
(interpolation "{"
(identifier "precision") "}")) "}") "\""))
(assignment
(identifier "multiline") "="
(f_string "f\"\"\""
(interpolation "{"
(binary_operator
(identifier "x") "+"
(identifier "y")) "}") "\"\"\""))
(assignment
(identifier "braces") "="
(f_string "f\""
(string_content "{{literal}} ")
(interpolation "{"
(identifier "x") "=" "}")
(string_content " ")
(interpolation "{"
(string "'}'") "}") "\""))
(assignment
(identifier "long") "="
(binary_operator
(integer "1") "+"
(integer "2")))
(assignment
(identifier "joined") "="
(list "["
(integer "1") ","
(integer "2") "," "]"))
(assignment
(identifier "empty") "="
(expression_list
(tuple "(" ")") ","
(list "[" "]") ","
(dictionary "{" "}") ","
(call
(identifier "set")
(argument_list "(" ")"))))
(assignment
(identifier "one") "="
(tuple "("
(integer "1") "," ")"))
(assignment
(identifier "group") "="
(parenthesized_expression "("
(integer "1") ")"))
(assignment
(identifier "star") "="
(expression_list
(list "["
(list_splat "*"
(identifier "a")) ","
(list_splat "*"
(identifier "b")) "]") ","
(set "{"
(list_splat "*"
(identifier "a")) "}") ","
(dictionary "{"
(dictionary_splat "**"
(identifier "d")) ","
(pair
(string "'k'") ":"
(integer "1")) "}")))
(assignment
(identifier "ellipsis") "="
(ellipsis "..."))
(call
(identifier "print")
(argument_list "("
(identifier "x") ","
(list_splat "*"
(identifier "args")) ","
(keyword_argument
(identifier "sep") "="
(string "''")) ","
(dictionary_splat "**"
(identifier "kwargs")) ")"))
(subscript
(call
(call
(attribute
(attribute
(identifier "obj") "."
(identifier "attr")) "."
(identifier "method"))
(argument_list "("
(integer "1") ")"))
(argument_list "("
(integer "2") ")")) "["
(integer "3") "]")
(expression_list
(subscript
(identifier "seq") "["
(slice
(integer "1") ":"
(integer "2")) "]") ","
(subscript
(identifier "seq") "["
(slice ":" ":"
(integer "2")) "]") ","
(subscript
(identifier "seq") "["
(slice
(integer "1") ":") "]") ","
(subscript
(identifier "seq") "["
(slice ":") ","
(none "None") "]") ","
(subscript
(identifier "seq") "["
(identifier "i") ","
(identifier "j") "]") ","
(subscript
(identifier "seq") "["
(ellipsis "...") "]"))
(expression_list
(unary_operator "-"
(identifier "x")) ","
(unary_operator "+"
(identifier "x")) ","
(unary_operator "~"
(identifier "x")) ","
(not_operator "not"
(identifier "x")) ","
(binary_operator
(identifier "x") "**"
(unary_operator "-"
(identifier "y"))) ","
(unary_operator "-"
(binary_operator
(identifier "x") "**"
(integer "2"))))
(binary_operator
(binary_operator
(binary_operator
(binary_operator
(binary_operator
(binary_operator
(identifier "a") "+"
(identifier "b")) "-"
(binary_operator
(binary_operator
(binary_operator
(binary_operator
(binary_operator
(identifier "c") "*"
(identifier "d")) "/"
(identifier "e")) "//"
(identifier "f")) "%"
(identifier "g")) "@"
(identifier "h"))) "<<"
(identifier "i")) ">>"
(identifier "j")) "&"
(identifier "k")) "|"
(binary_operator
(identifier "l") "^"
(identifier "m")))
(comparison_operator
(identifier "a") "<"
(identifier "b") "<="
(identifier "c") ">"
(identifier "d") ">="
(identifier "e") "=="
(identifier "f") "!="
(identifier "g") "in"
(identifier "h") "not" "in"
(identifier "i") "is"
(identifier "j") "is" "not"
(identifier "k"))
(boolean_operator
(boolean_operator
(identifier "a") "and"
(identifier "b")) "or"
(boolean_operator
(not_operator "not"
(identifier "c")) "and"
(identifier "d")))
(conditional_expression
(identifier "value") "if"
(identifier "condition") "else"
(conditional_expression
(identifier "other") "if"
(identifier "more") "else"
(identifier "last")))
(lambda "lambda" ":"
(integer "0"))
(lambda "lambda"
(identifier "x") ","
(default_parameter
(identifier "y") "="
(integer "1")) ","
(list_splat_pattern "*"
(identifier "args")) ","
(identifier "z") ","
(dictionary_splat_pattern "**"
(identifier "kw")) ":"
(identifier "x"))
(lambda "lambda"
(keyword_separator "*") ","
(identifier "key") ":"
(identifier "key"))
(lambda "lambda"
(identifier "a") ","
(positional_separator "/") ","
(identifier "b") ":"
(identifier "a"))
(parenthesized_expression "("
(named_expression
(identifier "n") ":="
(integer "10")) ")")
(list "["
(named_expression
(identifier "y") ":="
(call
(identifier "f")
(argument_list "("
(identifier "x") ")"))) ","
(binary_operator
(identifier "y") "**"
(integer "2")) "]")
(list_comprehension "["
(identifier "i")
(for_in_clause "for"
(identifier "i") "in"
(call
(identifier "range")
(argument_list "("
(integer "10") ")"))) "]")
(list_comprehension "["
(binary_operator
(identifier "i") "*"
(identifier "j"))
(for_in_clause "for"
(identifier "i") "in"
(call
(identifier "range")
(argument_list "("
(integer "3") ")")))
(for_in_clause "for"
(identifier "j") "in"
(call
(identifier "range")
(argument_list "("
(integer "3") ")")))
(if_clause "if"
(identifier "i"))
(if_clause "if"
(identifier "j")) "]")
(dictionary_comprehension "{"
(pair
(identifier "k") ":"
(identifier "v"))
(for_in_clause "for"
(expression_list
(identifier "k") ","
(identifier "v")) "in"
(call
(attribute
(identifier "items") "."
(identifier "items"))
(argument_list "(" ")"))) "}")
(set_comprehension "{"
(identifier "i")
(for_in_clause "for"
(identifier "i") "in"
(identifier "s")) "}")
(generator_expression "("
(identifier "i")
(for_in_clause "for"
(identifier "i") "in"
(identifier "s")) ")")
(call
(identifier "sum")
(argument_list "("
(generator_expression
(identifier "i")
(for_in_clause "for"
(identifier "i") "in"
(identifier "s"))) ")"))
(list_comprehension "["
(identifier "i")
(for_in_clause "async" "for"
(identifier "i") "in"
(call
(identifier "aiter")
(argument_list "(" ")"))) "]")
(delete_statement "del"
(identifier "x") ","
(subscript
(identifier "y") "["
(integer "0") "]") ","
(attribute
(identifier "z") "."
(identifier "attr")))
(delete_statement "del"
(tuple "("
(identifier "a") ","
(identifier "b") ")"))
(assert_statement "assert"
(identifier "x") ","
(string "\"message\""))
(global_statement "global"
(identifier "g1") ","
(identifier "g2"))
(nonlocal_statement "nonlocal"
(identifier "n1"))
(pass_statement "pass")
(decorated_definition
(decorator "@"
(identifier "decorator"))
(decorator "@"
(call
(attribute
(identifier "decorators") "."
(identifier "with_args"))
(argument_list "("
(integer "1") ","
(keyword_argument
(identifier "key") "="
(integer "2")) ")")))
(decorator "@"
(parenthesized_expression "("
(lambda "lambda"
(identifier "f") ":"
(identifier "f")) ")"))
(decorator "@"
(attribute
(attribute
(subscript
(identifier "buttons") "["
(integer "0") "]") "."
(identifier "clicked")) "."
(identifier "connect")))
(function_definition "def"
(identifier "function")
(parameters "("
(identifier "pos") ","
(positional_separator "/") ","
(identifier "normal") ","
(default_parameter
(identifier "default") "="
(integer "1")) ","
(list_splat_pattern "*"
(identifier "args")) ","
(identifier "kwonly") ","
(default_parameter
(identifier "kwdefault") "="
(integer "2")) ","
(dictionary_splat_pattern "**"
(identifier "kwargs")) ")") "->"
(identifier "int")
(block ":"
(string "\"\"\"Docstring.\"\"\"")
(return_statement "return"
(identifier "pos")))))
(function_definition "def"
(identifier "annotated")
(parameters "("
(typed_parameter
(identifier "a") ":"
(identifier "int")) ","
(typed_default_parameter
(identifier "b") ":"
(identifier "str") "="
(string "\"s\"")) ","
(typed_parameter
(list_splat_pattern "*"
(identifier "args")) ":"
(identifier "int")) ","
(typed_parameter
(dictionary_splat_pattern "**"
(identifier "kwargs")) ":"
(subscript
(identifier "dict") "["
(identifier "str") ","
(identifier "int") "]")) ")") "->"
(none "None")
(block ":"
(ellipsis "...")))
(function_definition "def"
(identifier "keyword_only")
(parameters "("
(keyword_separator "*") ","
(identifier "a") ","
(identifier "b") ")")
(block ":"
(pass_statement "pass")))
(function_definition "async" "def"
(identifier "coroutine")
(parameters "(" ")")
(block ":"
(await "await"
(call
(identifier "something")
(argument_list "(" ")")))
(for_statement "async" "for"
(identifier "item") "in"
(call
(identifier "aiter")
(argument_list "(" ")"))
(block ":"
(pass_statement "pass")))
(with_statement "async" "with"
(with_item
(identifier "lock") "as"
(identifier "held")) ","
(identifier "other")
(block ":"
(pass_statement "pass")))
(assignment
(identifier "result") "="
(await "await"
(call
(identifier "gather")
(argument_list "("
(list_splat "*"
(identifier "tasks")) ")"))))
(return_statement "return"
(list_comprehension "["
(identifier "x")
(for_in_clause "async" "for"
(identifier "x") "in"
(identifier "y")) "]"))))
(function_definition "def"
(identifier "generator")
(parameters "(" ")")
(block ":"
(yield "yield")
(yield "yield"
(integer "1"))
(yield "yield"
(expression_list
(integer "1") ","
(integer "2")))
(assignment
(identifier "x") "="
(yield "yield"))
(yield "yield" "from"
(call
(identifier "other")
(argument_list "(" ")")))
(return_statement "return"
(parenthesized_expression "("
(yield "yield") ")"))))
(function_definition "def"
(identifier "generic")
(type_parameter "["
(identifier "T") ","
(list_splat_pattern "*"
(identifier "Ts")) ","
(dictionary_splat_pattern "**"
(identifier "P")) "]")
(parameters "("
(typed_parameter
(identifier "x") ":"
(identifier "T")) ")") "->"
(identifier "T")
(block ":"
(return_statement "return"
(identifier "x"))))
(class_definition "class"
(identifier "Empty")
(block ":"
(pass_statement "pass")))
(class_definition "class"
(identifier "Base")
(argument_list "("
(identifier "object") ","
(keyword_argument
(identifier "metaclass") "="
(identifier "Meta")) ")")
(block ":"
(assignment
(identifier "attribute") "="
(integer "1"))
(function_definition "def"
(identifier "method")
(parameters "("
(identifier "self") ")")
(block ":"
(return_statement "return"
(attribute
(identifier "self") "."
(identifier "attribute")))))))
(class_definition "class"
(identifier "Generic")
(type_parameter "["
(typed_parameter
(identifier "T") ":"
(identifier "int")) ","
(list_splat_pattern "*"
(identifier "Ts")) ","
(dictionary_splat_pattern "**"
(identifier "P")) "]")
(argument_list "("
(identifier "Base") ")")
(block ":"
(pass_statement "pass")))
(type_alias_statement "type"
(identifier "Alias") "="
(identifier "int"))
(type_alias_statement "type"
(identifier "ListOf")
(type_parameter "["
(identifier "T") "]") "="
(subscript
(identifier "list") "["
(identifier "T") "]"))
(if_statement "if"
(identifier "x")
(block ":"
(pass_statement "pass"))
(elif_clause "elif"
(identifier "y")
(block ":"
(pass_statement "pass")))
(else_clause "else"
(block ":"
(pass_statement "pass"))))
(if_statement "if"
(identifier "x")
(block ":"
(assignment
(identifier "return_value") "="
(integer "1"))))
(while_statement "while"
(identifier "x")
(block ":"
(break_statement "break"))
(else_clause "else"
(block ":"
(continue_statement "continue"))))
(for_statement "for"
(identifier "i") "in"
(call
(identifier "range")
(argument_list "("
(integer "10") ")"))
(block ":"
(pass_statement "pass"))
(else_clause "else"
(block ":"
(pass_statement "pass"))))
(for_statement "for"
(expression_list
(identifier "a") ","
(identifier "b")) "in"
(identifier "pairs")
(block ":"
(pass_statement "pass")))
(for_statement "for"
(identifier "x") "in"
(expression_list
(list_splat "*"
(identifier "a")) ","
(list_splat "*"
(identifier "b")))
(block ":"
(pass_statement "pass")))
(try_statement "try"
(block ":"
(pass_statement "pass"))
(except_clause "except"
(identifier "ValueError")
(block ":"
(pass_statement "pass")))
(except_clause "except"
(tuple "("
(identifier "TypeError") ","
(identifier "KeyError") ")") "as"
(identifier "error")
(block ":"
(raise_statement "raise")))
(except_clause "except"
(block ":"
(raise_statement "raise"
(call
(identifier "RuntimeError")
(argument_list "("
(string "\"x\"") ")")) "from"
(identifier "error"))))
(else_clause "else"
(block ":"
(pass_statement "pass")))
(finally_clause "finally"
(block ":"
(pass_statement "pass"))))
(try_statement "try"
(block ":"
(pass_statement "pass"))
(except_group_clause "except" "*"
(identifier "ValueError") "as"
(identifier "group")
(block ":"
(pass_statement "pass"))))
(with_statement "with"
(with_item
(call
(identifier "open")
(argument_list "("
(identifier "path") ")")) "as"
(identifier "f")) ","
(with_item
(call
(identifier "open")
(argument_list "("
(identifier "other") ")")) "as"
(identifier "g"))
(block ":"
(pass_statement "pass")))
(with_statement "with" "("
(with_item
(call
(identifier "open")
(argument_list "("
(identifier "path") ")")) "as"
(identifier "f")) ","
(with_item
(call
(identifier "open")
(argument_list "("
(identifier "other") ")")) "as"
(identifier "g")) "," ")"
(block ":"
(pass_statement "pass")))
(with_statement "with"
(with_item
(tuple "("
(identifier "a") ","
(identifier "b") ")") "as"
(identifier "c"))
(block ":"
(pass_statement "pass")))
(match_statement "match"
(call
(attribute
(identifier "command") "."
(identifier "split"))
(argument_list "(" ")"))
(block ":"
(case_clause "case"
(list_pattern "["
(identifier "action") "]")
(block ":"
(pass_statement "pass")))
(case_clause "case"
(list_pattern "["
(identifier "action") ","
(identifier "obj") "]")
(block ":"
(pass_statement "pass")))
(case_clause "case"
(class_pattern
(identifier "Point") "("
(keyword_pattern
(identifier "x") "="
(integer "0")) ","
(keyword_pattern
(identifier "y") "="
(integer "0")) ")")
(block ":"
(pass_statement "pass")))
(case_clause "case"
(union_pattern
(class_pattern
(identifier "Point") "("
(integer "1") ","
(integer "2") ","
(keyword_pattern
(identifier "z") "="
(integer "3")) ")") "|"
(class_pattern
(identifier "Point3D") "(" ")"))
(block ":"
(pass_statement "pass")))
(case_clause "case"
(dict_pattern "{"
(string "\"key\"") ":"
(identifier "value") ","
(splat_pattern "**"
(identifier "rest")) "}")
(block ":"
(pass_statement "pass")))
(case_clause "case"
(list_pattern "["
(integer "1") ","
(integer "2") ","
(splat_pattern "*"
(identifier "others")) "]")
(guard "if"
(identifier "others"))
(block ":"
(pass_statement "pass")))
(case_clause "case"
(tuple_pattern "("
(identifier "a") ","
(identifier "b") ","
(splat_pattern "*"
(identifier "_")) ")")
(block ":"
(pass_statement "pass")))
(case_clause "case"
(as_pattern
(tuple_pattern "("
(identifier "inner") ")") "as"
(identifier "outer"))
(block ":"
(pass_statement "pass")))
(case_clause "case"
(union_pattern
(unary_operator "-"
(integer "1")) "|"
(float "1.5") "|"
(binary_operator
(integer "1") "+"
(integer "2j")) "|"
(binary_operator
(unary_operator "-"
(integer "1")) "-"
(integer "2j")) "|"
(concatenated_string
(string "\"text\"")
(string "\"more\"")) "|"
(string "b\"bytes\"") "|"
(none "None") "|"
(true "True") "|"
(false "False"))
(block ":"
(pass_statement "pass")))
(case_clause "case"
(union_pattern
(dotted_name
(identifier "Color") "."
(identifier "RED")) "|"
(dotted_name
(identifier "mod") "."
(identifier "Color") "."
(identifier "GREEN")))
(block ":"
(pass_statement "pass")))
(case_clause "case"
(union_pattern
(class_pattern
(identifier "str") "(" ")") "|"
(class_pattern
(identifier "bytes") "(" ")"))
(block ":"
(pass_statement "pass")))
(case_clause "case"
(identifier "a") ","
(identifier "b")
(block ":"
(pass_statement "pass")))
(case_clause "case"
(identifier "_")
(block ":"
(pass_statement "pass")))))
(assignment
(identifier "match") "="
(call
(attribute
(identifier "re") "."
(identifier "match"))
(argument_list "("
(identifier "pattern") ","
(identifier "text") ")")))
(call
(attribute
(identifier "match") "."
(identifier "group"))
(argument_list "("
(integer "1") ")"))
(call
(identifier "match")
(argument_list "("
(identifier "x") ")"))
(assignment
(identifier "case") "="
(integer "1"))
(assignment
(identifier "type") "="
(string "\"soft\""))
(call
(identifier "print")
(argument_list "("
(call
(identifier "type")
(argument_list "("
(identifier "x") ")")) ","
(identifier "match") ","
(identifier "case") ","
(identifier "_") ")"))
(assignment
(identifier "_") "="
(integer "1"))
(raise_statement "raise"))
