int gk_codecs_placeholder(void);
