"""Chinese of lesson 05's own printed words and plot text (nbteach.say)."""

ZH = {
    "Bernoulli:   derived formula == BernoulliNB:": "伯努利：推导的公式 == BernoulliNB：",
    "multinomial: derived formula == MultinomialNB:": "多项式：推导的公式 == MultinomialNB：",
    "multinomial": "多项式",
    "P(spam) multinomial": "P(spam) 多项式",
    "Bernoulli": "伯努利",
    "P(spam) Bernoulli": "P(spam) 伯努利",
    "log prior": "对数先验",
    "multinomial, empty document": "多项式，空文档",
    "Bernoulli, empty document": "伯努利，空文档",
    "all words absent": "所有词都不出现",
    "present words: free, meeting": "出现的词：free, meeting",
    "total": "合计",
}
