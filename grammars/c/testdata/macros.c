/* Macros that real headers put where C's grammar wants a type, a
   declarator, an attribute or a whole declaration. Each item parses with
   no error; macros.c.sexp holds the trees (go test -update rewrites it). */

/* Macros that stand for whole declarations, one after another with no ;. */
DECLARE_WIDGET_FUNCS(widget)
DECLARE_WIDGET_CODEC(widget, widget_der)
int after_macros;

/* An old definition with no type, its parameters declared after it. */
scale(n, out)
register int n;
register long *out;
{
}

/* A macro that wraps the type: a macro, the type, the declarator. */
LIB_API(int) lib_open(int);
LIB_API(int)
lib_close(int) __THROW;
extern LIB_API(LIB_CONST char *) lib_name(int);

/* A macro type in parameters and before a function pointer. */
void set_list(LIST_OF(item) *list, int n);
void take_lists(LIST_OF(item) **lists, LIST_OF(item) *);
typedef LIST_OF(item) *(*list_maker)(const struct maker *m, void *arg);
__must_check LIST_OF(item) *list_items(struct box *b);

/* Attribute macros before and after a declarator. */
int log_printf(struct log *l, const char *format, ...)
lib__attr__((__format__(__printf__, 2, 3)));
LIB_PUBLIC const lib_char *
lib_version(void);
LIB_API(void *)
LIB_ATTR_MALLOC
LIB_ATTR_ALLOC_SIZE(2)
lib_alloc(struct lib *l, size_t size);
static inline void LIB_PRINTF(2, 3)
say(int level, const char *f, ...) {}
__declare_ctype (isdigit_l);

/* A macro declaration whose arguments are type keywords, and a macro type
   after a reserved macro and const. */
DEFINE_LIST_OF(void, void, void)
__must_check const LIST_OF(item) *list_first(const struct box *b);

/* Macros among a struct's members, with and without their ;, and a
   typedef's padding bit field. */
struct packet {
	__u8 :4;
	__DECLARE_FLEX(__be32, words);
	__group(/* no tag */, addrs, /* no attrs */,
		__be32 from;
		__be32 to;
	);
	PACKET_INTERNALS
	int size;
	PACKET_TAIL
};

/* A branch that holds C++ a C compiler is not to see, under a macro
   other than __cplusplus: read as what follows it. */
#if LIB_SHOW_CXX_API
namespace lib {
class LIB_API Widget : public Base {
public:
	int size() const;
};
}
#else
int widget_size(struct widget *w);
#endif

/* glibc's and others' macros in and around declarators: a reserved
   type's name before a function (no macro's type), an alias made by a
   macro, the parameters in a macro, a name made by one, an attribute's
   macro with a string after a field's name, and one between a typedef's
   type and its name. */
extern __id_t get_id (int __fd) __THROW;
extern __len_t read_len (struct reader *__r) __THROW __nonnull ((1));
extern int __ALIAS (read_all, (struct reader *__restrict __r, ...), read_all64) __wur;
LIB_EXTERN const char * LIB_EXPORT lib_build OF((void));
extern LIB_API(struct lib *) LIB_SP_NAME(lib_new) (struct screen *, int);
struct old { char *result LIB_DEPRECATED("use lib_result"); };
typedef old_callback LIB_DEPRECATED(new_callback) lib_callback;

/* Names the file itself #defines: a macro before a type, in a cast and
   in a type name, a function-like one that stands for a type, calls of
   one after another on a line, and object-like ones among the members. */
#define simd __attribute__((vector_size(16)))
#define simd_of(n, type) __attribute__((vector_size((n) * sizeof(type)))) type
#define DECLARE_BUF(N) typedef struct { char x[N]; } buf##N;
#define WIDE long
#define HEAD_FIELDS int head;
#define TAIL_FIELDS int tail;
DECLARE_BUF(1) DECLARE_BUF(2) DECLARE_BUF(4)
simd float lanes;
int simd_sum(simd float v) {
	simd float w = (simd float)v;
	simd_of(8, short) s = {1, 2, 3, 4, 5, 6, 7, 8};
	wide = (unsigned WIDE) 1 << 3;
	return 0;
}
struct { HEAD_FIELDS unsigned int i : 6; TAIL_FIELDS } both;
