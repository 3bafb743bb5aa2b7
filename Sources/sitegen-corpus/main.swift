print("usage: sitegen-corpus markdown|html PAGES DIR")
