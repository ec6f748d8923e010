(program
  (import_statement
    "import"
    (string "\"./side-effect\"")
  )
  (import_statement
    "import"
    (identifier "def")
    "from"
    (string "\"./a\"")
  )
  (import_statement
    "import"
    (namespace_import
      "*"
      "as"
      (identifier "ns")
    )
    "from"
    (string "\"./b\"")
  )
  (import_statement
    "import"
    (named_imports
      "{"
      (identifier "a")
      ","
      (import_specifier
        (identifier "b")
        "as"
        (identifier "c")
      )
      ","
      (import_specifier
        "type"
        (identifier "D")
      )
      ","
      (import_specifier
        (identifier "default")
        "as"
        (identifier "e")
      )
      ","
      (import_specifier
        (string "\"string name\"")
        "as"
        (identifier "f")
      )
      "}"
    )
    "from"
    (string "\"./c\"")
  )
  (import_statement
    "import"
    (import_clause
      (identifier "def2")
      ","
      (named_imports
        "{"
        (identifier "g")
        "}"
      )
    )
    "from"
    (string "\"./d\"")
  )
  (import_statement
    "import"
    (import_clause
      (identifier "def3")
      ","
      (namespace_import
        "*"
        "as"
        (identifier "ns2")
      )
    )
    "from"
    (string "\"./e\"")
  )
  (import_statement
    "import"
    "type"
    (named_imports
      "{"
      (identifier "T1")
      "}"
    )
    "from"
    (string "\"./types\"")
  )
  (import_statement
    "import"
    "type"
    (identifier "T2")
    "from"
    (string "\"./types\"")
  )
  (import_statement
    "import"
    "type"
    (namespace_import
      "*"
      "as"
      (identifier "T3")
    )
    "from"
    (string "\"./types\"")
  )
  (import_statement
    "import"
    (identifier "json")
    "from"
    (string "\"./data.json\"")
    (import_attribute
      "with"
      (object
        "{"
        (pair
          (property_identifier "type")
          ":"
          (string "\"json\"")
        )
        "}"
      )
    )
  )
  (import_statement
    "import"
    (identifier "legacy")
    "from"
    (string "\"./data.json\"")
    (import_attribute
      "assert"
      (object
        "{"
        (pair
          (property_identifier "type")
          ":"
          (string "\"json\"")
        )
        "}"
      )
    )
  )
  (import_alias
    "import"
    (identifier "fs")
    "="
    (call_expression
      (identifier "require")
      (arguments
        "("
        (string "\"fs\"")
        ")"
      )
    )
  )
  (import_alias
    "import"
    (identifier "Alias")
    "="
    (member_expression
      (member_expression
        (identifier "ns")
        "."
        (property_identifier "inner")
      )
      "."
      (property_identifier "Thing")
    )
  )
  (export_statement
    "export"
    (export_clause
      "{"
      (identifier "a")
      ","
      (export_specifier
        (identifier "c")
        "as"
        (identifier "cc")
      )
      "}"
    )
  )
  (export_statement
    "export"
    (export_clause
      "{"
      (export_specifier
        (identifier "x")
        "as"
        (identifier "default")
      )
      ","
      (export_specifier
        (identifier "y")
        "as"
        (string "\"other name\"")
      )
      "}"
    )
    "from"
    (string "\"./f\"")
  )
  (export_statement
    "export"
    "*"
    "from"
    (string "\"./g\"")
  )
  (export_statement
    "export"
    (namespace_export
      "*"
      "as"
      (identifier "nsg")
    )
    "from"
    (string "\"./g\"")
  )
  (export_statement
    "export"
    "type"
    (export_clause
      "{"
      (identifier "T1")
      "}"
    )
  )
  (export_statement
    "export"
    "type"
    "*"
    "from"
    (string "\"./types\"")
  )
  (export_statement
    "export"
    (lexical_declaration
      "const"
      (variable_declarator
        (identifier "one")
        "="
        (number "1")
      )
      ","
      (variable_declarator
        (identifier "two")
        "="
        (number "2")
      )
    )
  )
  (export_statement
    "export"
    "default"
    (class_declaration
      "class"
      (class_body
        "{"
        "}"
      )
    )
  )
  (export_statement
    "export"
    (import_alias
      "import"
      (identifier "Reexported")
      "="
      (member_expression
        (identifier "ns")
        "."
        (property_identifier "inner")
      )
    )
  )
  (export_statement
    "export"
    "as"
    "namespace"
    (identifier "MyLib")
  )
  (export_statement
    "export"
    (ambient_declaration
      "declare"
      (function_signature
        "function"
        (identifier "declared")
        (formal_parameters
          "("
          (required_parameter
            (identifier "x")
            (type_annotation
              ":"
              (predefined_type "number")
            )
          )
          ")"
        )
        (type_annotation
          ":"
          (predefined_type "string")
        )
      )
    )
  )
  (export_statement
    "export"
    (class_declaration
      "abstract"
      "class"
      (identifier "Shape")
      (class_body
        "{"
        (method_signature
          "abstract"
          (property_identifier "area")
          (formal_parameters
            "("
            ")"
          )
          (type_annotation
            ":"
            (predefined_type "number")
          )
        )
        (field_definition
          "protected"
          "abstract"
          "readonly"
          (property_identifier "sides")
          (type_annotation
            ":"
            (predefined_type "number")
          )
        )
        "}"
      )
    )
  )
  (ambient_declaration
    "declare"
    "global"
    (statement_block
      "{"
      (interface_declaration
        "interface"
        (type_identifier "Window")
        (interface_body
          "{"
          (property_signature
            (property_identifier "myGlobal")
            (type_annotation
              ":"
              (predefined_type "string")
            )
          )
          "}"
        )
      )
      "}"
    )
  )
  (ambient_declaration
    "declare"
    (module
      "module"
      (string "\"ambient\"")
      (statement_block
        "{"
        (export_statement
          "export"
          (function_signature
            "function"
            (identifier "f")
            (formal_parameters
              "("
              ")"
            )
            (type_annotation
              ":"
              (predefined_type "void")
            )
          )
        )
        "}"
      )
    )
  )
  (ambient_declaration
    "declare"
    (module
      "module"
      (string "\"shorthand\"")
    )
  )
  (ambient_declaration
    "declare"
    (internal_module
      "namespace"
      (nested_identifier
        (identifier "NS")
        "."
        (identifier "Inner")
      )
      (statement_block
        "{"
        (lexical_declaration
          "const"
          (variable_declarator
            (identifier "v")
            (type_annotation
              ":"
              (predefined_type "number")
            )
          )
        )
        "}"
      )
    )
  )
  (internal_module
    "namespace"
    (identifier "Outer")
    (statement_block
      "{"
      (export_statement
        "export"
        (internal_module
          "namespace"
          (identifier "Inner")
          (statement_block
            "{"
            (export_statement
              "export"
              (type_alias_declaration
                "type"
                (type_identifier "X")
                "="
                (number "1")
              )
            )
            "}"
          )
        )
      )
      "}"
    )
  )
  (module
    "module"
    (identifier "Legacy")
    (statement_block
      "{"
      "}"
    )
  )
  (ambient_declaration
    "declare"
    (lexical_declaration
      "const"
      (variable_declarator
        (identifier "declaredConst")
        (type_annotation
          ":"
          (unique_type
            "unique"
            (predefined_type "symbol")
          )
        )
      )
    )
  )
  (ambient_declaration
    "declare"
    (lexical_declaration
      "let"
      (variable_declarator
        (identifier "declaredLet")
        (type_annotation
          ":"
          (predefined_type "string")
        )
      )
    )
  )
  (ambient_declaration
    "declare"
    (variable_declaration
      "var"
      (variable_declarator
        (identifier "declaredVar")
        (type_annotation
          ":"
          (predefined_type "any")
        )
      )
    )
  )
  (ambient_declaration
    "declare"
    (class_declaration
      "class"
      (identifier "DeclaredClass")
      (type_parameters
        "<"
        (type_identifier "T")
        ">"
      )
      (class_body
        "{"
        (method_signature
          (property_identifier "constructor")
          (formal_parameters
            "("
            (required_parameter
              (identifier "x")
              (type_annotation
                ":"
                (type_identifier "T")
              )
            )
            ")"
          )
        )
        (method_signature
          (property_identifier "method")
          (formal_parameters
            "("
            ")"
          )
          (type_annotation
            ":"
            (predefined_type "void")
          )
        )
        (method_signature
          "get"
          (property_identifier "prop")
          (formal_parameters
            "("
            ")"
          )
          (type_annotation
            ":"
            (type_identifier "T")
          )
        )
        (method_signature
          "set"
          (property_identifier "prop")
          (formal_parameters
            "("
            (required_parameter
              (identifier "v")
              (type_annotation
                ":"
                (type_identifier "T")
              )
            )
            ")"
          )
        )
        (field_definition
          "static"
          (property_identifier "s")
          (type_annotation
            ":"
            (predefined_type "number")
          )
        )
        "}"
      )
    )
  )
  (enum_declaration
    "enum"
    (identifier "Color")
    (enum_body
      "{"
      (property_identifier "Red")
      ","
      (enum_assignment
        (property_identifier "Green")
        "="
        (string "\"g\"")
      )
      ","
      (enum_assignment
        (property_identifier "Blue")
        "="
        (binary_expression
          (number "1")
          "<<"
          (number "2")
        )
      )
      ","
      "}"
    )
  )
  (enum_declaration
    "const"
    "enum"
    (identifier "Flags")
    (enum_body
      "{"
      (enum_assignment
        (property_identifier "A")
        "="
        (number "1")
      )
      ","
      (enum_assignment
        (property_identifier "B")
        "="
        (binary_expression
          (identifier "A")
          "|"
          (number "2")
        )
      )
      "}"
    )
  )
  (ambient_declaration
    "declare"
    (enum_declaration
      "enum"
      (identifier "DeclaredEnum")
      (enum_body
        "{"
        (property_identifier "X")
        "}"
      )
    )
  )
  (interface_declaration
    "interface"
    (type_identifier "Point")
    (type_parameters
      "<"
      (type_parameter
        (type_identifier "T")
        "="
        (predefined_type "number")
      )
      ">"
    )
    (extends_type_clause
      "extends"
      (type_identifier "Base")
      ","
      (generic_type
        (type_identifier "Other")
        (type_arguments
          "<"
          (type_identifier "T")
          ">"
        )
      )
    )
    (interface_body
      "{"
      (property_signature
        "readonly"
        (property_identifier "x")
        (type_annotation
          ":"
          (type_identifier "T")
        )
      )
      (property_signature
        (property_identifier "y")
        "?"
        (type_annotation
          ":"
          (type_identifier "T")
        )
      )
      (call_signature
        (formal_parameters
          "("
          (required_parameter
            (identifier "arg")
            (type_annotation
              ":"
              (predefined_type "string")
            )
          )
          ")"
        )
        (type_annotation
          ":"
          (predefined_type "void")
        )
      )
      (construct_signature
        "new"
        (formal_parameters
          "("
          (required_parameter
            (identifier "arg")
            (type_annotation
              ":"
              (predefined_type "string")
            )
          )
          ")"
        )
        (type_annotation
          ":"
          (type_identifier "Point")
        )
      )
      (method_signature
        (property_identifier "method")
        (type_parameters
          "<"
          (type_identifier "U")
          ">"
        )
        (formal_parameters
          "("
          (required_parameter
            (identifier "u")
            (type_annotation
              ":"
              (type_identifier "U")
            )
          )
          ")"
        )
        (type_annotation
          ":"
          (type_identifier "T")
        )
      )
      (method_signature
        (property_identifier "optionalMethod")
        "?"
        (formal_parameters
          "("
          ")"
        )
        (type_annotation
          ":"
          (predefined_type "void")
        )
      )
      (index_signature
        "["
        (identifier "key")
        (type_annotation
          ":"
          (predefined_type "string")
        )
        "]"
        (type_annotation
          ":"
          (predefined_type "unknown")
        )
      )
      (index_signature
        "readonly"
        "["
        (identifier "index")
        (type_annotation
          ":"
          (predefined_type "number")
        )
        "]"
        (type_annotation
          ":"
          (type_identifier "T")
        )
      )
      (method_signature
        "get"
        (property_identifier "accessor")
        (formal_parameters
          "("
          ")"
        )
        (type_annotation
          ":"
          (predefined_type "string")
        )
      )
      (method_signature
        "set"
        (property_identifier "accessor")
        (formal_parameters
          "("
          (required_parameter
            (identifier "v")
            (type_annotation
              ":"
              (predefined_type "string")
            )
          )
          ")"
        )
      )
      "}"
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "Union")
    "="
    (union_type
      "|"
      (string "\"a\"")
      "|"
      (string "\"b\"")
      "|"
      (literal_type
        "-"
        (number "1")
      )
      "|"
      (number "0n")
      "|"
      (true "true")
      "|"
      (null "null")
      "|"
      (predefined_type "undefined")
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "Inter")
    "="
    (intersection_type
      "&"
      (type_identifier "A")
      "&"
      (type_identifier "B")
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "Cond")
    (type_parameters
      "<"
      (type_identifier "T")
      ">"
    )
    "="
    (conditional_type
      (type_identifier "T")
      "extends"
      (predefined_type "string")
      "?"
      (string "\"s\"")
      ":"
      (conditional_type
        (type_identifier "T")
        "extends"
        (array_type
          (parenthesized_type
            "("
            (infer_type
              "infer"
              (type_identifier "U")
              "extends"
              (predefined_type "number")
            )
            ")"
          )
          "["
          "]"
        )
        "?"
        (type_identifier "U")
        ":"
        (predefined_type "never")
      )
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "InferCond")
    (type_parameters
      "<"
      (type_identifier "T")
      ">"
    )
    "="
    (conditional_type
      (type_identifier "T")
      "extends"
      (tuple_type
        "["
        (infer_type
          "infer"
          (type_identifier "H")
          "extends"
          (predefined_type "string")
        )
        ","
        (rest_type
          "..."
          (infer_type
            "infer"
            (type_identifier "R")
          )
        )
        "]"
      )
      "?"
      (type_identifier "H")
      ":"
      (predefined_type "never")
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "Mapped")
    (type_parameters
      "<"
      (type_identifier "T")
      ">"
    )
    "="
    (mapped_type
      "{"
      "-"
      "readonly"
      "["
      (type_identifier "K")
      "in"
      (index_type_query
        "keyof"
        (type_identifier "T")
      )
      "as"
      (template_literal_type
        "`"
        (string_fragment "get")
        (template_type
          "${"
          (generic_type
            (type_identifier "Capitalize")
            (type_arguments
              "<"
              (intersection_type
                (predefined_type "string")
                "&"
                (type_identifier "K")
              )
              ">"
            )
          )
          "}"
        )
        "`"
      )
      "]"
      "-"
      "?"
      (type_annotation
        ":"
        (function_type
          (formal_parameters
            "("
            ")"
          )
          "=>"
          (indexed_access_type
            (type_identifier "T")
            "["
            (type_identifier "K")
            "]"
          )
        )
      )
      "}"
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "Plus")
    (type_parameters
      "<"
      (type_identifier "T")
      ">"
    )
    "="
    (mapped_type
      "{"
      "+"
      "readonly"
      "["
      (type_identifier "K")
      "in"
      (index_type_query
        "keyof"
        (type_identifier "T")
      )
      "]"
      "+"
      "?"
      (type_annotation
        ":"
        (indexed_access_type
          (type_identifier "T")
          "["
          (type_identifier "K")
          "]"
        )
      )
      "}"
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "Tpl")
    "="
    (template_literal_type
      "`"
      (string_fragment "prefix-")
      (template_type
        "${"
        (predefined_type "string")
        "}"
      )
      (string_fragment "-suffix")
      "`"
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "Indexed")
    "="
    (indexed_access_type
      (type_identifier "Point")
      "["
      (string "\"x\"")
      "]"
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "Query")
    "="
    (type_query
      "typeof"
      (import_type
        (import "import")
        "("
        (string "\"./a\"")
        ")"
      )
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "Query2")
    "="
    (type_query
      "typeof"
      (member_expression
        (member_expression
          (identifier "ns")
          "."
          (property_identifier "inner")
        )
        "."
        (property_identifier "value")
      )
      (type_arguments
        "<"
        (predefined_type "string")
        ">"
      )
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "Keys")
    "="
    (index_type_query
      "keyof"
      (type_query
        "typeof"
        (identifier "obj")
      )
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "Tuple")
    "="
    (tuple_type
      "["
      (named_tuple_member
        (identifier "name")
        ":"
        (predefined_type "string")
      )
      ","
      (named_tuple_member
        (identifier "age")
        "?"
        ":"
        (predefined_type "number")
      )
      ","
      (named_tuple_member
        "..."
        (identifier "rest")
        ":"
        (array_type
          (predefined_type "boolean")
          "["
          "]"
        )
      )
      "]"
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "Tuple2")
    "="
    (tuple_type
      "["
      (predefined_type "string")
      ","
      (optional_type
        (predefined_type "number")
        "?"
      )
      ","
      (rest_type
        "..."
        (array_type
          (predefined_type "boolean")
          "["
          "]"
        )
      )
      "]"
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "Fn")
    "="
    (function_type
      (type_parameters
        "<"
        (type_identifier "T")
        ">"
      )
      (formal_parameters
        "("
        (required_parameter
          (this "this")
          (type_annotation
            ":"
            (type_identifier "Window")
          )
        )
        ","
        (required_parameter
          (identifier "a")
          (type_annotation
            ":"
            (type_identifier "T")
          )
        )
        ","
        (required_parameter
          (rest_pattern
            "..."
            (identifier "rest")
          )
          (type_annotation
            ":"
            (array_type
              (type_identifier "T")
              "["
              "]"
            )
          )
        )
        ")"
      )
      "=>"
      (type_predicate
        "asserts"
        (identifier "a")
        "is"
        (type_identifier "T")
      )
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "Ctor")
    "="
    (constructor_type
      "new"
      (formal_parameters
        "("
        (required_parameter
          (rest_pattern
            "..."
            (identifier "args")
          )
          (type_annotation
            ":"
            (array_type
              (predefined_type "any")
              "["
              "]"
            )
          )
        )
        ")"
      )
      "=>"
      (predefined_type "object")
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "AbstractCtor")
    "="
    (constructor_type
      "abstract"
      "new"
      (formal_parameters
        "("
        ")"
      )
      "=>"
      (predefined_type "object")
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "Imported")
    "="
    (import_type
      (import "import")
      "("
      (string "\"./module\"")
      ")"
      "."
      (type_identifier "Type")
      (type_arguments
        "<"
        (predefined_type "string")
        ">"
      )
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "ReadonlyArr")
    "="
    (readonly_type
      "readonly"
      (array_type
        (predefined_type "string")
        "["
        "]"
      )
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "Obj")
    "="
    (object_type
      "{"
      (property_signature
        (property_identifier "a")
        (type_annotation
          ":"
          (predefined_type "string")
        )
      )
      (property_signature
        (property_identifier "b")
        (type_annotation
          ":"
          (predefined_type "number")
        )
      )
      (method_signature
        (property_identifier "c")
        (formal_parameters
          "("
          ")"
        )
        (type_annotation
          ":"
          (predefined_type "void")
        )
      )
      "}"
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "Paren")
    "="
    (array_type
      (parenthesized_type
        "("
        (union_type
          (predefined_type "string")
          "|"
          (predefined_type "number")
        )
        ")"
      )
      "["
      "]"
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "Generic")
    (type_parameters
      "<"
      (type_parameter
        "in"
        "out"
        (type_identifier "T")
      )
      ","
      (type_parameter
        "const"
        (type_identifier "U")
        "extends"
        (readonly_type
          "readonly"
          (array_type
            (predefined_type "unknown")
            "["
            "]"
          )
        )
        "="
        (tuple_type
          "["
          "]"
        )
      )
      ">"
    )
    "="
    (type_identifier "T")
  )
  (type_alias_declaration
    "type"
    (type_identifier "ThisType")
    "="
    (object_type
      "{"
      (method_signature
        (property_identifier "m")
        (formal_parameters
          "("
          ")"
        )
        (type_annotation
          ":"
          (this_type "this")
        )
      )
      "}"
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "Pred")
    "="
    (function_type
      (formal_parameters
        "("
        (required_parameter
          (identifier "x")
          (type_annotation
            ":"
            (predefined_type "unknown")
          )
        )
        ")"
      )
      "=>"
      (type_predicate
        (identifier "x")
        "is"
        (predefined_type "string")
      )
    )
  )
  (type_alias_declaration
    "type"
    (type_identifier "Asserts")
    "="
    (function_type
      (formal_parameters
        "("
        (required_parameter
          (identifier "x")
          (type_annotation
            ":"
            (predefined_type "unknown")
          )
        )
        ")"
      )
      "=>"
      (type_predicate
        "asserts"
        (identifier "x")
      )
    )
  )
  (function_signature
    "function"
    (identifier "overload")
    (formal_parameters
      "("
      (required_parameter
        (identifier "a")
        (type_annotation
          ":"
          (predefined_type "string")
        )
      )
      ")"
    )
    (type_annotation
      ":"
      (predefined_type "string")
    )
  )
  (function_signature
    "function"
    (identifier "overload")
    (formal_parameters
      "("
      (required_parameter
        (identifier "a")
        (type_annotation
          ":"
          (predefined_type "number")
        )
      )
      ")"
    )
    (type_annotation
      ":"
      (predefined_type "number")
    )
  )
  (function_declaration
    "function"
    (identifier "overload")
    (formal_parameters
      "("
      (required_parameter
        (identifier "a")
        (type_annotation
          ":"
          (predefined_type "any")
        )
      )
      ")"
    )
    (type_annotation
      ":"
      (predefined_type "any")
    )
    (statement_block
      "{"
      (return_statement
        "return"
        (identifier "a")
      )
      "}"
    )
  )
  (function_declaration
    "function"
    (identifier "withThis")
    (formal_parameters
      "("
      (required_parameter
        (this "this")
        (type_annotation
          ":"
          (type_identifier "Window")
        )
      )
      ","
      (optional_parameter
        (identifier "a")
        "?"
        (type_annotation
          ":"
          (predefined_type "number")
        )
      )
      ","
      (assignment_pattern
        (identifier "b")
        "="
        (number "2")
      )
      ","
      (required_parameter
        (rest_pattern
          "..."
          (identifier "c")
        )
        (type_annotation
          ":"
          (array_type
            (predefined_type "number")
            "["
            "]"
          )
        )
      )
      ")"
    )
    (type_annotation
      ":"
      (predefined_type "void")
    )
    (statement_block
      "{"
      "}"
    )
  )
  (function_declaration
    "function"
    "*"
    (identifier "gen")
    (formal_parameters
      "("
      ")"
    )
    (type_annotation
      ":"
      (generic_type
        (type_identifier "Generator")
        (type_arguments
          "<"
          (predefined_type "number")
          ">"
        )
      )
    )
    (statement_block
      "{"
      (yield_expression
        "yield"
        (number "1")
      )
      (yield_expression
        "yield"
        "*"
        (call_expression
          (identifier "other")
          (arguments
            "("
            ")"
          )
        )
      )
      (lexical_declaration
        "const"
        (variable_declarator
          (identifier "y")
          "="
          (yield_expression
            "yield"
          )
        )
      )
      "}"
    )
  )
  (function_declaration
    "async"
    "function"
    (identifier "asyncFn")
    (formal_parameters
      "("
      ")"
    )
    (type_annotation
      ":"
      (generic_type
        (type_identifier "Promise")
        (type_arguments
          "<"
          (predefined_type "void")
          ">"
        )
      )
    )
    (statement_block
      "{"
      (await_expression
        "await"
        (identifier "x")
      )
      (for_in_statement
        "for"
        "await"
        "("
        "const"
        (identifier "v")
        "of"
        (identifier "stream")
        ")"
        (statement_block
          "{"
          "}"
        )
      )
      "}"
    )
  )
  (function_declaration
    "async"
    "function"
    "*"
    (identifier "asyncGen")
    (formal_parameters
      "("
      ")"
    )
    (statement_block
      "{"
      (yield_expression
        "yield"
        (await_expression
          "await"
          (identifier "x")
        )
      )
      "}"
    )
  )
  (function_declaration
    "function"
    (identifier "destructure")
    (formal_parameters
      "("
      (required_parameter
        (object_pattern
          "{"
          (identifier "a")
          ","
          (pair_pattern
            (property_identifier "b")
            ":"
            (array_pattern
              "["
              (identifier "c")
              ","
              (assignment_pattern
                (identifier "d")
                "="
                (number "1")
              )
              "]"
            )
          )
          ","
          (rest_pattern
            "..."
            (identifier "rest")
          )
          "}"
        )
        (type_annotation
          ":"
          (type_identifier "Obj")
        )
      )
      ","
      (assignment_pattern
        (array_pattern
          "["
          (identifier "e")
          ","
          ","
          (identifier "f")
          "]"
        )
        "="
        (array
          "["
          "]"
        )
      )
      ")"
    )
    (statement_block
      "{"
      "}"
    )
  )
  (function_declaration
    "function"
    (identifier "isString")
    (formal_parameters
      "("
      (required_parameter
        (identifier "x")
        (type_annotation
          ":"
          (predefined_type "unknown")
        )
      )
      ")"
    )
    (type_annotation
      ":"
      (type_predicate
        (identifier "x")
        "is"
        (predefined_type "string")
      )
    )
    (statement_block
      "{"
      (return_statement
        "return"
        (binary_expression
          (unary_expression
            "typeof"
            (identifier "x")
          )
          "==="
          (string "\"string\"")
        )
      )
      "}"
    )
  )
  (function_declaration
    "function"
    (identifier "assertIsString")
    (formal_parameters
      "("
      (required_parameter
        (identifier "x")
        (type_annotation
          ":"
          (predefined_type "unknown")
        )
      )
      ")"
    )
    (type_annotation
      ":"
      (type_predicate
        "asserts"
        (identifier "x")
        "is"
        (predefined_type "string")
      )
    )
    (statement_block
      "{"
      "}"
    )
  )
  (function_declaration
    "function"
    (identifier "assertsThis")
    (formal_parameters
      "("
      (required_parameter
        (this "this")
        (type_annotation
          ":"
          (type_identifier "Foo")
        )
      )
      ")"
    )
    (type_annotation
      ":"
      (type_predicate
        "asserts"
        (this_type "this")
      )
    )
    (statement_block
      "{"
      "}"
    )
  )
  (class_declaration
    (decorator
      "@"
      (identifier "sealed")
    )
    (decorator
      "@"
      (call_expression
        (member_expression
          (identifier "ns")
          "."
          (property_identifier "decorator")
        )
        (arguments
          "("
          ")"
        )
      )
    )
    (decorator
      "@"
      (parenthesized_expression
        "("
        (call_expression
          (identifier "factory")
          (arguments
            "("
            ")"
          )
        )
        ")"
      )
    )
    "class"
    (identifier "Full")
    (type_parameters
      "<"
      (type_identifier "T")
      ">"
    )
    (extends_clause
      "extends"
      (identifier "Base")
      (type_arguments
        "<"
        (type_identifier "T")
        ">"
      )
    )
    (implements_clause
      "implements"
      (type_identifier "I1")
      ","
      (type_identifier "I2")
    )
    (class_body
      "{"
      (field_definition
        (private_property_identifier "#priv")
        "="
        (number "1")
      )
      (field_definition
        "static"
        (private_property_identifier "#spriv")
        (type_annotation
          ":"
          (predefined_type "number")
        )
      )
      (field_definition
        "declare"
        (property_identifier "declared")
        (type_annotation
          ":"
          (predefined_type "string")
        )
      )
      (field_definition
        "readonly"
        (property_identifier "ro")
        "="
        (number "1")
      )
      (field_definition
        (property_identifier "optional")
        "?"
        (type_annotation
          ":"
          (predefined_type "string")
        )
      )
      (field_definition
        (property_identifier "definite")
        "!"
        (type_annotation
          ":"
          (predefined_type "number")
        )
      )
      (field_definition
        "static"
        (property_identifier "count")
        "="
        (number "0")
      )
      (field_definition
        "accessor"
        (property_identifier "acc")
        "="
        (number "1")
      )
      (field_definition
        "override"
        (property_identifier "over")
        "="
        (number "2")
      )
      (index_signature
        "["
        (identifier "key")
        (type_annotation
          ":"
          (predefined_type "string")
        )
        "]"
        (type_annotation
          ":"
          (predefined_type "any")
        )
      )
      (class_static_block
        "static"
        (statement_block
          "{"
          (assignment_expression
            (member_expression
              (identifier "Full")
              "."
              (property_identifier "count")
            )
            "="
            (number "1")
          )
          "}"
        )
      )
      (method_definition
        (property_identifier "constructor")
        (formal_parameters
          "("
          (required_parameter
            "private"
            "readonly"
            (identifier "x")
            (type_annotation
              ":"
              (predefined_type "string")
            )
          )
          ","
          (optional_parameter
            "public"
            (identifier "y")
            "?"
            (type_annotation
              ":"
              (predefined_type "number")
            )
          )
          ","
          (required_parameter
            (decorator
              "@"
              (call_expression
                (identifier "inject")
                (arguments
                  "("
                  ")"
                )
              )
            )
            "protected"
            (identifier "z")
            "="
            (number "1")
          )
          ")"
        )
        (statement_block
          "{"
          (call_expression
            (super "super")
            (arguments
              "("
              ")"
            )
          )
          "}"
        )
      )
      (method_definition
        "get"
        (property_identifier "value")
        (formal_parameters
          "("
          ")"
        )
        (type_annotation
          ":"
          (predefined_type "number")
        )
        (statement_block
          "{"
          (return_statement
            "return"
            (member_expression
              (this "this")
              "."
              (private_property_identifier "#priv")
            )
          )
          "}"
        )
      )
      (method_definition
        "set"
        (property_identifier "value")
        (formal_parameters
          "("
          (required_parameter
            (identifier "v")
            (type_annotation
              ":"
              (predefined_type "number")
            )
          )
          ")"
        )
        (statement_block
          "{"
          (assignment_expression
            (member_expression
              (this "this")
              "."
              (private_property_identifier "#priv")
            )
            "="
            (identifier "v")
          )
          "}"
        )
      )
      (method_definition
        "static"
        "async"
        "*"
        (property_identifier "gen")
        (formal_parameters
          "("
          ")"
        )
        (statement_block
          "{"
          "}"
        )
      )
      (method_definition
        (decorator
          "@"
          (identifier "log")
        )
        (property_identifier "method")
        (type_parameters
          "<"
          (type_identifier "U")
          ">"
        )
        (formal_parameters
          "("
          (required_parameter
            (this "this")
            (type_annotation
              ":"
              (generic_type
                (type_identifier "Full")
                (type_arguments
                  "<"
                  (type_identifier "T")
                  ">"
                )
              )
            )
          )
          ","
          (required_parameter
            (decorator
              "@"
              (identifier "param")
            )
            (identifier "arg")
            (type_annotation
              ":"
              (type_identifier "U")
            )
          )
          ")"
        )
        (type_annotation
          ":"
          (type_identifier "U")
        )
        (statement_block
          "{"
          (return_statement
            "return"
            (identifier "arg")
          )
          "}"
        )
      )
      (method_signature
        (property_identifier "overloaded")
        (formal_parameters
          "("
          ")"
        )
        (type_annotation
          ":"
          (predefined_type "void")
        )
      )
      (method_definition
        (property_identifier "overloaded")
        (formal_parameters
          "("
          (optional_parameter
            (identifier "x")
            "?"
            (type_annotation
              ":"
              (predefined_type "number")
            )
          )
          ")"
        )
        (type_annotation
          ":"
          (predefined_type "void")
        )
        (statement_block
          "{"
          "}"
        )
      )
      (method_definition
        (computed_property_name
          "["
          (binary_expression
            (string "\"computed\"")
            "+"
            (identifier "key")
          )
          "]"
        )
        (formal_parameters
          "("
          ")"
        )
        (statement_block
          "{"
          "}"
        )
      )
      (method_definition
        (computed_property_name
          "["
          (member_expression
            (identifier "Symbol")
            "."
            (property_identifier "iterator")
          )
          "]"
        )
        (formal_parameters
          "("
          ")"
        )
        (statement_block
          "{"
          "}"
        )
      )
      (method_definition
        (property_identifier "has")
        (formal_parameters
          "("
          (required_parameter
            (identifier "o")
            (type_annotation
              ":"
              (predefined_type "object")
            )
          )
          ")"
        )
        (statement_block
          "{"
          (return_statement
            "return"
            (binary_expression
              (private_property_identifier "#priv")
              "in"
              (identifier "o")
            )
          )
          "}"
        )
      )
      (method_definition
        (string "'quoted'")
        (formal_parameters
          "("
          ")"
        )
        (statement_block
          "{"
          "}"
        )
      )
      (method_definition
        (number "42")
        (formal_parameters
          "("
          ")"
        )
        (statement_block
          "{"
          "}"
        )
      )
      (field_definition
        (property_identifier "async")
        "="
        (number "1")
      )
      (field_definition
        (property_identifier "get")
        "="
        (number "2")
      )
      (field_definition
        (property_identifier "static")
        "="
        (number "3")
      )
      (field_definition
        (property_identifier "arrow")
        "="
        (arrow_function
          (formal_parameters
            "("
            ")"
          )
          "=>"
          (member_expression
            (this "this")
            "."
            (property_identifier "x")
          )
        )
      )
      "}"
    )
  )
  (export_statement
    "export"
    (class_declaration
      (decorator
        "@"
        (identifier "dec")
      )
      "class"
      (identifier "AfterExport")
      (class_body
        "{"
        "}"
      )
    )
  )
  (export_statement
    (decorator
      "@"
      (identifier "dec")
    )
    "export"
    (class_declaration
      "class"
      (identifier "BeforeExport")
      (class_body
        "{"
        "}"
      )
    )
  )
  (lexical_declaration
    "const"
    (variable_declarator
      (identifier "ClassExpr")
      "="
      (class
        "class"
        (identifier "Named")
        (type_parameters
          "<"
          (type_identifier "T")
          ">"
        )
        (class_body
          "{"
          "}"
        )
      )
    )
  )
  (class_declaration
    "abstract"
    "class"
    (identifier "Abs")
    (class_body
      "{"
      (method_signature
        "abstract"
        (property_identifier "m")
        (formal_parameters
          "("
          ")"
        )
        (type_annotation
          ":"
          (predefined_type "void")
        )
      )
      (method_signature
        "protected"
        "abstract"
        "get"
        (property_identifier "p")
        (formal_parameters
          "("
          ")"
        )
        (type_annotation
          ":"
          (predefined_type "number")
        )
      )
      "}"
    )
  )
  (labeled_statement
    (statement_identifier "label")
    ":"
    (for_statement
      "for"
      "("
      (lexical_declaration
        "let"
        (variable_declarator
          (identifier "i")
          "="
          (number "0")
        )
        ","
        (variable_declarator
          (identifier "n")
          "="
          (number "10")
        )
      )
      ";"
      (binary_expression
        (identifier "i")
        "<"
        (identifier "n")
      )
      ";"
      (update_expression
        (identifier "i")
        "++"
      )
      ")"
      (statement_block
        "{"
        (if_statement
          "if"
          (parenthesized_expression
            "("
            (binary_expression
              (identifier "i")
              "%"
              (number "2")
            )
            ")"
          )
          (continue_statement
            "continue"
            (statement_identifier "label")
          )
          (else_clause
            "else"
            (if_statement
              "if"
              (parenthesized_expression
                "("
                (binary_expression
                  (identifier "i")
                  ">"
                  (number "5")
                )
                ")"
              )
              (break_statement
                "break"
                (statement_identifier "label")
              )
              (else_clause
                "else"
                (statement_block
                  "{"
                  "}"
                )
              )
            )
          )
        )
        "}"
      )
    )
  )
  (for_in_statement
    "for"
    "("
    "const"
    (identifier "key")
    "in"
    (identifier "obj")
    ")"
    (statement_block
      "{"
      "}"
    )
  )
  (for_in_statement
    "for"
    "("
    "let"
    (array_pattern
      "["
      (identifier "k")
      ","
      (identifier "v")
      "]"
    )
    "of"
    (identifier "map")
    ")"
    (statement_block
      "{"
      "}"
    )
  )
  (for_statement
    "for"
    "("
    ";"
    ";"
    ")"
    (statement_block
      "{"
      (break_statement
        "break"
      )
      "}"
    )
  )
  (while_statement
    "while"
    (parenthesized_expression
      "("
      (identifier "x")
      ")"
    )
    (update_expression
      (identifier "x")
      "--"
    )
  )
  (do_statement
    "do"
    (statement_block
      "{"
      (update_expression
        (identifier "x")
        "++"
      )
      "}"
    )
    "while"
    (parenthesized_expression
      "("
      (binary_expression
        (identifier "x")
        "<"
        (number "10")
      )
      ")"
    )
  )
  (switch_statement
    "switch"
    (parenthesized_expression
      "("
      (identifier "x")
      ")"
    )
    (switch_body
      "{"
      (switch_case
        "case"
        (number "1")
        ":"
      )
      (switch_case
        "case"
        (number "2")
        ":"
        (call_expression
          (identifier "f")
          (arguments
            "("
            ")"
          )
        )
        (break_statement
          "break"
        )
      )
      (switch_default
        "default"
        ":"
        (call_expression
          (identifier "g")
          (arguments
            "("
            ")"
          )
        )
      )
      "}"
    )
  )
  (try_statement
    "try"
    (statement_block
      "{"
      (call_expression
        (identifier "risky")
        (arguments
          "("
          ")"
        )
      )
      "}"
    )
    (catch_clause
      "catch"
      "("
      (identifier "e")
      (type_annotation
        ":"
        (predefined_type "unknown")
      )
      ")"
      (statement_block
        "{"
        (call_expression
          (identifier "handle")
          (arguments
            "("
            (identifier "e")
            ")"
          )
        )
        "}"
      )
    )
    (finally_clause
      "finally"
      (statement_block
        "{"
        (call_expression
          (identifier "cleanup")
          (arguments
            "("
            ")"
          )
        )
        "}"
      )
    )
  )
  (try_statement
    "try"
    (statement_block
      "{"
      (call_expression
        (identifier "risky")
        (arguments
          "("
          ")"
        )
      )
      "}"
    )
    (catch_clause
      "catch"
      (statement_block
        "{"
        "}"
      )
    )
  )
  (throw_statement
    "throw"
    (new_expression
      "new"
      (identifier "Error")
      (arguments
        "("
        (string "\"x\"")
        ")"
      )
    )
  )
  (with_statement
    "with"
    (parenthesized_expression
      "("
      (identifier "obj")
      ")"
    )
    (statement_block
      "{"
      "}"
    )
  )
  (debugger_statement
    "debugger"
  )
  (empty_statement
    ";"
  )
  (statement_block
    "{"
    (lexical_declaration
      "using"
      (variable_declarator
        (identifier "res")
        "="
        (call_expression
          (identifier "getResource")
          (arguments
            "("
            ")"
          )
        )
      )
    )
    "}"
  )
  (function_declaration
    "async"
    "function"
    (identifier "usingAwait")
    (formal_parameters
      "("
      ")"
    )
    (statement_block
      "{"
      (lexical_declaration
        "await"
        "using"
        (variable_declarator
          (identifier "res")
          "="
          (call_expression
            (identifier "getAsync")
            (arguments
              "("
              ")"
            )
          )
        )
      )
      "}"
    )
  )
  (lexical_declaration
    "let"
    (variable_declarator
      (identifier "definiteLet")
      "!"
      (type_annotation
        ":"
        (predefined_type "string")
      )
    )
  )
  (variable_declaration
    "var"
    (identifier "a1")
    ","
    (variable_declarator
      (identifier "b1")
      "="
      (number "2")
    )
    ","
    (identifier "c1")
  )
  (call_expression
    (subscript_expression
      (member_expression
        (identifier "a")
        "?."
        (property_identifier "b")
      )
      "?."
      "["
      (identifier "c")
      "]"
    )
    "?."
    (arguments
      "("
      (identifier "d")
      ")"
    )
  )
  (binary_expression
    (identifier "a")
    "??"
    (identifier "b")
  )
  (augmented_assignment_expression
    (identifier "a")
    "??="
    (identifier "b")
  )
  (augmented_assignment_expression
    (identifier "a")
    "||="
    (identifier "b")
  )
  (augmented_assignment_expression
    (identifier "a")
    "&&="
    (identifier "b")
  )
  (augmented_assignment_expression
    (identifier "a")
    "**="
    (number "2")
  )
  (assignment_expression
    (identifier "x")
    "="
    (binary_expression
      (number "2")
      "**"
      (binary_expression
        (number "3")
        "**"
        (number "2")
      )
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (unary_expression
      "-"
      (identifier "y")
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (ternary_expression
      (binary_expression
        (unary_expression
          "typeof"
          (identifier "y")
        )
        "==="
        (string "\"undefined\"")
      )
      "?"
      (unary_expression
        "void"
        (number "0")
      )
      ":"
      (unary_expression
        "delete"
        (member_expression
          (identifier "y")
          "."
          (property_identifier "z")
        )
      )
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (meta_property
      "new"
      "."
      (property_identifier "target")
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (member_expression
      (meta_property
        (import "import")
        "."
        (property_identifier "meta")
      )
      "."
      (property_identifier "url")
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (await_expression
      "await"
      (call_expression
        (import "import")
        (arguments
          "("
          (string "\"./dyn\"")
          ")"
        )
      )
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (call_expression
      (identifier "tag")
      (template_string
        "`"
        (string_fragment "a")
        (template_substitution
          "${"
          (identifier "b")
          "}"
        )
        (string_fragment "c")
        (template_substitution
          "${"
          (template_string
            "`"
            (string_fragment "nested ")
            (template_substitution
              "${"
              (identifier "d")
              "}"
            )
            "`"
          )
          "}"
        )
        (string_fragment "e")
        "`"
      )
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (parenthesized_expression
      "("
      (sequence_expression
        (identifier "a")
        ","
        (identifier "b")
        ","
        (identifier "c")
      )
      ")"
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (object
      "{"
      (identifier "a")
      ","
      (pair
        (property_identifier "b")
        ":"
        (number "1")
      )
      ","
      (pair
        (computed_property_name
          "["
          (identifier "c")
          "]"
        )
        ":"
        (number "2")
      )
      ","
      (method_definition
        "get"
        (property_identifier "d")
        (formal_parameters
          "("
          ")"
        )
        (statement_block
          "{"
          (return_statement
            "return"
            (number "1")
          )
          "}"
        )
      )
      ","
      (method_definition
        "set"
        (property_identifier "d")
        (formal_parameters
          "("
          (identifier "v")
          ")"
        )
        (statement_block
          "{"
          "}"
        )
      )
      ","
      (method_definition
        "async"
        (property_identifier "e")
        (formal_parameters
          "("
          ")"
        )
        (statement_block
          "{"
          "}"
        )
      )
      ","
      (method_definition
        "*"
        (property_identifier "f")
        (formal_parameters
          "("
          ")"
        )
        (statement_block
          "{"
          "}"
        )
      )
      ","
      (method_definition
        "async"
        "*"
        (property_identifier "g")
        (formal_parameters
          "("
          ")"
        )
        (statement_block
          "{"
          "}"
        )
      )
      ","
      (spread_element
        "..."
        (identifier "h")
      )
      ","
      (pair
        (string "\"s\"")
        ":"
        (number "1")
      )
      ","
      (pair
        (number "1")
        ":"
        (number "2")
      )
      "}"
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (array
      "["
      (number "1")
      ","
      ","
      (number "2")
      ","
      (spread_element
        "..."
        (identifier "rest")
      )
      "]"
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (binary_expression
      (binary_expression
        (binary_expression
          (binary_expression
            (binary_expression
              (number "1_000_000n")
              "+"
              (number "0x1F")
            )
            "+"
            (number "0o17")
          )
          "+"
          (number "0b1010")
        )
        "+"
        (number "1e-7")
      )
      "+"
      (number ".5")
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (regex "/[/]\\/(?<name>x)/giu")
  )
  (assignment_expression
    (identifier "x")
    "="
    (call_expression
      (identifier "f")
      (type_arguments
        "<"
        (predefined_type "string")
        ">"
      )
      (arguments
        "("
        (identifier "y")
        ")"
      )
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (new_expression
      "new"
      (identifier "Map")
      (type_arguments
        "<"
        (predefined_type "string")
        ","
        (predefined_type "number")
        ">"
      )
      (arguments
        "("
        ")"
      )
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (as_expression
      (as_expression
        (identifier "obj")
        "as"
        (predefined_type "unknown")
      )
      "as"
      (type_identifier "T")
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (satisfies_expression
      (identifier "obj")
      "satisfies"
      (type_identifier "T")
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (type_assertion
      (type_arguments
        "<"
        (type_identifier "T")
        ">"
      )
      (identifier "obj")
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (non_null_expression
      (identifier "obj")
      "!"
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (member_expression
      (non_null_expression
        (identifier "y")
        "!"
      )
      "."
      (property_identifier "z")
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (arrow_function
      (formal_parameters
        "("
        (required_parameter
          (identifier "a")
          (type_annotation
            ":"
            (predefined_type "number")
          )
        )
        ")"
      )
      (type_annotation
        ":"
        (predefined_type "string")
      )
      "=>"
      (call_expression
        (identifier "String")
        (arguments
          "("
          (identifier "a")
          ")"
        )
      )
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (arrow_function
      "async"
      (type_parameters
        "<"
        (type_identifier "T")
        ","
        ">"
      )
      (formal_parameters
        "("
        (required_parameter
          (identifier "a")
          (type_annotation
            ":"
            (type_identifier "T")
          )
        )
        ")"
      )
      "=>"
      (identifier "a")
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (function_expression
      "function"
      "*"
      (formal_parameters
        "("
        ")"
      )
      (statement_block
        "{"
        "}"
      )
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (function_expression
      "async"
      "function"
      (identifier "named")
      (formal_parameters
        "("
        ")"
      )
      (statement_block
        "{"
        "}"
      )
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (instantiation_expression
      (identifier "instantiate")
      (type_arguments
        "<"
        (predefined_type "string")
        ">"
      )
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (binary_expression
      (binary_expression
        (identifier "a")
        "<"
        (identifier "b")
      )
      "&&"
      (binary_expression
        (identifier "c")
        ">"
        (identifier "d")
      )
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (template_string
      "`"
      (template_substitution
        "${"
        (member_expression
          (object
            "{"
            (pair
              (property_identifier "a")
              ":"
              (number "1")
            )
            "}"
          )
          "."
          (property_identifier "a")
        )
        "}"
      )
      "`"
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (string "\"\\u{1F600}\\x41\\n\\t\\\\\\'\"")
  )
  (assignment_expression
    (identifier "x")
    "="
    (string "'single'")
  )
  (variable_declaration
    "var"
    (variable_declarator
      (identifier "\\u0061bc")
      "="
      (number "1")
    )
  )
  (lexical_declaration
    "let"
    (variable_declarator
      (identifier "let_")
      "="
      (object
        "{"
        (pair
          (property_identifier "let")
          ":"
          (number "1")
        )
        ","
        (pair
          (property_identifier "of")
          ":"
          (number "2")
        )
        ","
        (pair
          (property_identifier "get")
          ":"
          (number "3")
        )
        ","
        (pair
          (property_identifier "set")
          ":"
          (number "4")
        )
        ","
        (pair
          (property_identifier "static")
          ":"
          (number "5")
        )
        ","
        (pair
          (property_identifier "type")
          ":"
          (number "6")
        )
        ","
        (pair
          (property_identifier "as")
          ":"
          (number "7")
        )
        ","
        (pair
          (property_identifier "from")
          ":"
          (number "8")
        )
        ","
        (pair
          (property_identifier "declare")
          ":"
          (number "9")
        )
        ","
        (pair
          (property_identifier "namespace")
          ":"
          (number "10")
        )
        ","
        (pair
          (property_identifier "module")
          ":"
          (number "11")
        )
        ","
        (pair
          (property_identifier "abstract")
          ":"
          (number "12")
        )
        ","
        (pair
          (property_identifier "readonly")
          ":"
          (number "13")
        )
        ","
        (pair
          (property_identifier "keyof")
          ":"
          (number "14")
        )
        "}"
      )
    )
  )
  (lexical_declaration
    "let"
    (variable_declarator
      (identifier "async")
      "="
      (number "1")
    )
    ","
    (variable_declarator
      (identifier "of")
      "="
      (number "2")
    )
    ","
    (variable_declarator
      (identifier "type")
      "="
      (number "3")
    )
    ","
    (variable_declarator
      (identifier "from")
      "="
      (number "4")
    )
    ","
    (variable_declarator
      (identifier "declare")
      "="
      (number "5")
    )
    ","
    (variable_declarator
      (identifier "abstract")
      "="
      (number "6")
    )
    ","
    (variable_declarator
      (identifier "readonly")
      "="
      (number "7")
    )
    ","
    (variable_declarator
      (identifier "keyof")
      "="
      (number "8")
    )
    ","
    (variable_declarator
      (identifier "namespace")
      "="
      (number "9")
    )
    ","
    (variable_declarator
      (identifier "module")
      "="
      (number "10")
    )
    ","
    (variable_declarator
      (identifier "global")
      "="
      (number "11")
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (member_expression
      (member_expression
        (member_expression
          (member_expression
            (member_expression
              (identifier "obj")
              "."
              (property_identifier "if")
            )
            "."
            (property_identifier "class")
          )
          "."
          (property_identifier "new")
        )
        "."
        (property_identifier "function")
      )
      "."
      (property_identifier "default")
    )
  )
  (assignment_expression
    (identifier "x")
    "="
    (binary_expression
      (binary_expression
        (binary_expression
          (binary_expression
            (identifier "$")
            "+"
            (identifier "$el")
          )
          "+"
          (identifier "$1")
        )
        "+"
        (identifier "$$x")
      )
      "+"
      (identifier "_")
    )
  )
)
