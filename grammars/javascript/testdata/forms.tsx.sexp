(program
  (import_statement
    "import"
    (namespace_import
      "*"
      "as"
      (identifier "React")
    )
    "from"
    (string "\"react\"")
  )
  (import_statement
    "import"
    "type"
    (named_imports
      "{"
      (identifier "FC")
      "}"
    )
    "from"
    (string "\"react\"")
  )
  (interface_declaration
    "interface"
    (type_identifier "Props")
    (type_parameters
      "<"
      (type_identifier "T")
      ">"
    )
    (interface_body
      "{"
      (property_signature
        (property_identifier "items")
        (type_annotation
          ":"
          (array_type
            (type_identifier "T")
            "["
            "]"
          )
        )
      )
      (property_signature
        (property_identifier "render")
        "?"
        (type_annotation
          ":"
          (function_type
            (formal_parameters
              "("
              (required_parameter
                (identifier "item")
                (type_annotation
                  ":"
                  (type_identifier "T")
                )
              )
              ")"
            )
            "=>"
            (nested_type_identifier
              (identifier "React")
              "."
              (type_identifier "ReactNode")
            )
          )
        )
      )
      "}"
    )
  )
  (export_statement
    "export"
    (lexical_declaration
      "const"
      (variable_declarator
        (identifier "List")
        "="
        (arrow_function
          (type_parameters
            "<"
            (type_identifier "T")
            ","
            ">"
          )
          (formal_parameters
            "("
            (required_parameter
              (object_pattern
                "{"
                (identifier "items")
                ","
                (identifier "render")
                "}"
              )
              (type_annotation
                ":"
                (generic_type
                  (type_identifier "Props")
                  (type_arguments
                    "<"
                    (type_identifier "T")
                    ">"
                  )
                )
              )
            )
            ")"
          )
          "=>"
          (parenthesized_expression
            "("
            (jsx_element
              (jsx_opening_element
                "<"
                (identifier "ul")
                (jsx_attribute
                  (property_identifier "className")
                  "="
                  (string "\"list\"")
                )
                (jsx_attribute
                  (property_identifier "data-count")
                  "="
                  (jsx_expression
                    "{"
                    (member_expression
                      (identifier "items")
                      "."
                      (property_identifier "length")
                    )
                    "}"
                  )
                )
                (jsx_attribute
                  (property_identifier "aria-label")
                  "="
                  (string "'items'")
                )
                (jsx_expression
                  "{"
                  (spread_element
                    "..."
                    (identifier "rest")
                  )
                  "}"
                )
                ">"
              )
              (jsx_expression
                "{"
                (call_expression
                  (member_expression
                    (identifier "items")
                    "."
                    (property_identifier "map")
                  )
                  (arguments
                    "("
                    (arrow_function
                      (formal_parameters
                        "("
                        (identifier "item")
                        ","
                        (identifier "i")
                        ")"
                      )
                      "=>"
                      (jsx_element
                        (jsx_opening_element
                          "<"
                          (identifier "li")
                          (jsx_attribute
                            (property_identifier "key")
                            "="
                            (jsx_expression
                              "{"
                              (identifier "i")
                              "}"
                            )
                          )
                          ">"
                        )
                        (jsx_expression
                          "{"
                          (ternary_expression
                            (identifier "render")
                            "?"
                            (call_expression
                              (identifier "render")
                              (arguments
                                "("
                                (identifier "item")
                                ")"
                              )
                            )
                            ":"
                            (call_expression
                              (identifier "String")
                              (arguments
                                "("
                                (identifier "item")
                                ")"
                              )
                            )
                          )
                          "}"
                        )
                        (jsx_closing_element
                          "<"
                          "/"
                          (identifier "li")
                          ">"
                        )
                      )
                    )
                    ")"
                  )
                )
                "}"
              )
              (jsx_text "text with 'quotes' and \"double\" / slashes")
              (jsx_expression
                "{"
                "}"
              )
              (jsx_expression
                "{"
                "}"
              )
              (jsx_element
                (jsx_opening_element
                  "<"
                  ">"
                )
                (jsx_self_closing_element
                  "<"
                  (member_expression
                    (identifier "Nested")
                    "."
                    (property_identifier "Component")
                  )
                  (type_arguments
                    "<"
                    (predefined_type "string")
                    ">"
                  )
                  (jsx_attribute
                    (property_identifier "value")
                    "="
                    (string "\"a\"")
                  )
                  (property_identifier "flag")
                  "/"
                  ">"
                )
                (jsx_self_closing_element
                  "<"
                  (jsx_namespace_name
                    (identifier "svg")
                    ":"
                    (identifier "rect")
                  )
                  (jsx_attribute
                    (jsx_namespace_name
                      (property_identifier "xlink")
                      ":"
                      (property_identifier "href")
                    )
                    "="
                    (string "\"#x\"")
                  )
                  "/"
                  ">"
                )
                (jsx_element
                  (jsx_opening_element
                    "<"
                    (identifier "my-element")
                    (jsx_attribute
                      (property_identifier "some-attr")
                      "="
                      (string "\"1\"")
                    )
                    ">"
                  )
                  (jsx_closing_element
                    "<"
                    "/"
                    (identifier "my-element")
                    ">"
                  )
                )
                (jsx_closing_element
                  "<"
                  "/"
                  ">"
                )
              )
              (jsx_expression
                "{"
                (spread_element
                  "..."
                  (identifier "children")
                )
                "}"
              )
              (jsx_closing_element
                "<"
                "/"
                (identifier "ul")
                ">"
              )
            )
            ")"
          )
        )
      )
    )
  )
  (lexical_declaration
    "const"
    (variable_declarator
      (identifier "Generic")
      "="
      (arrow_function
        (type_parameters
          "<"
          (type_parameter
            (type_identifier "T")
            "extends"
            (predefined_type "object")
          )
          ">"
        )
        (formal_parameters
          "("
          (required_parameter
            (identifier "p")
            (type_annotation
              ":"
              (type_identifier "T")
            )
          )
          ")"
        )
        "=>"
        (identifier "p")
      )
    )
  )
  (lexical_declaration
    "const"
    (variable_declarator
      (identifier "ConstGeneric")
      "="
      (arrow_function
        (type_parameters
          "<"
          (type_parameter
            "const"
            (type_identifier "T")
          )
          ","
          ">"
        )
        (formal_parameters
          "("
          (required_parameter
            (identifier "p")
            (type_annotation
              ":"
              (type_identifier "T")
            )
          )
          ")"
        )
        "=>"
        (identifier "p")
      )
    )
  )
  (lexical_declaration
    "const"
    (variable_declarator
      (identifier "cond")
      "="
      (ternary_expression
        (identifier "ok")
        "?"
        (jsx_self_closing_element
          "<"
          (identifier "A")
          "/"
          ">"
        )
        ":"
        (jsx_self_closing_element
          "<"
          (identifier "B")
          (jsx_attribute
            (property_identifier "attr")
            "="
            (jsx_expression
              "{"
              (jsx_self_closing_element
                "<"
                (identifier "C")
                "/"
                ">"
              )
              "}"
            )
          )
          "/"
          ">"
        )
      )
    )
  )
  (function_declaration
    "function"
    (identifier "Component")
    (formal_parameters
      "("
      ")"
    )
    (type_annotation
      ":"
      (nested_type_identifier
        (identifier "JSX")
        "."
        (type_identifier "Element")
      )
    )
    (statement_block
      "{"
      (lexical_declaration
        "const"
        (variable_declarator
          (array_pattern
            "["
            (identifier "state")
            ","
            (identifier "setState")
            "]"
          )
          "="
          (call_expression
            (member_expression
              (identifier "React")
              "."
              (property_identifier "useState")
            )
            (type_arguments
              "<"
              (predefined_type "number")
              ">"
            )
            (arguments
              "("
              (number "0")
              ")"
            )
          )
        )
      )
      (return_statement
        "return"
        (jsx_element
          (jsx_opening_element
            "<"
            (identifier "div")
            (jsx_attribute
              (property_identifier "onClick")
              "="
              (jsx_expression
                "{"
                (arrow_function
                  (formal_parameters
                    "("
                    ")"
                  )
                  "=>"
                  (call_expression
                    (identifier "setState")
                    (arguments
                      "("
                      (binary_expression
                        (identifier "state")
                        "+"
                        (number "1")
                      )
                      ")"
                    )
                  )
                )
                "}"
              )
            )
            ">"
          )
          (jsx_expression
            "{"
            (binary_expression
              (binary_expression
                (identifier "state")
                ">"
                (number "1")
              )
              "&&"
              (jsx_element
                (jsx_opening_element
                  "<"
                  (identifier "span")
                  ">"
                )
                (jsx_expression
                  "{"
                  (template_string
                    "`"
                    (string_fragment "count ")
                    (template_substitution
                      "${"
                      (identifier "state")
                      "}"
                    )
                    "`"
                  )
                  "}"
                )
                (jsx_closing_element
                  "<"
                  "/"
                  (identifier "span")
                  ">"
                )
              )
            )
            "}"
          )
          (jsx_closing_element
            "<"
            "/"
            (identifier "div")
            ">"
          )
        )
      )
      "}"
    )
  )
  (lexical_declaration
    "const"
    (variable_declarator
      (identifier "Fc")
      (type_annotation
        ":"
        (type_identifier "FC")
      )
      "="
      (arrow_function
        (formal_parameters
          "("
          ")"
        )
        "=>"
        (jsx_element
          (jsx_opening_element
            "<"
            (identifier "p")
            ">"
          )
          (jsx_text "a &amp; b &#123; c")
          (jsx_closing_element
            "<"
            "/"
            (identifier "p")
            ">"
          )
        )
      )
    )
  )
  (lexical_declaration
    "const"
    (variable_declarator
      (identifier "x")
      "="
      (as_expression
        (as_expression
          (identifier "y")
          "as"
          (predefined_type "unknown")
        )
        "as"
        (generic_type
          (type_identifier "Props")
          (type_arguments
            "<"
            (predefined_type "string")
            ">"
          )
        )
      )
    )
  )
  (lexical_declaration
    "const"
    (variable_declarator
      (identifier "s")
      "="
      (satisfies_expression
        (identifier "obj")
        "satisfies"
        (generic_type
          (type_identifier "Record")
          (type_arguments
            "<"
            (predefined_type "string")
            ","
            (predefined_type "number")
            ">"
          )
        )
      )
    )
  )
)
