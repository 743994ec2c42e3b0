// The tutorial's strings ("Learn to play"), loaded only for the tutorial game:
// t('tutorial.welcome') once tutorial.js has added this table to the page's language.

const en = {
  tutorial: {
    label: 'Tip for beginners',
    bot: 'Friendly bot',
    gotIt: 'Got it',
    skip: 'Skip tutorial',
    failed: 'The tutorial game could not be started. Please try again.',
    welcome: 'Welcome to Dominion! You start with 10 cards: 7× {copper} (money) and 3× {estate} (1 victory point each). Each turn you draw 5 cards, play them and buy one new card for your deck. Whoever has the most victory points (VP) at the end wins.',
    treasures: 'Coppers are Treasures: each one gives $1. Tap “{button}” to lay them out; then spend the coins on a card.',
    buy: 'You have {coins} to spend. Tap a card you can afford in the Supply, or among the cards beside End turn, to buy it. A new card goes to your discard pile and comes into your hand on a later turn.',
    silver: 'Why {silver}? It gives $2, twice as much as {copper}, so your hands get richer and you can soon afford {gold} ($6) and {province} ($8). With $4 or $5, an Action card such as {smithy} or {market} is a good buy too.',
    action: 'You drew an Action card! Actions come first: tap it in your hand and do what it says, then play your Treasures. You may play only 1 Action a turn unless a card gives you more (see “Actions” at the top).',
    plus: 'What the + means: “+2 Actions”: you may play 2 more Action cards this turn. “+3 Cards”: draw 3 cards now. “+1 Buy”: buy one more card this turn. “+$2”: 2 more coins to spend. Tip: play {village} before {smithy}.',
    province: '{province} costs $8 and is worth 6 VP: buy one whenever you have $8. Victory cards do nothing in your hand, so until then prefer money: {gold} with $6 or $7. Near the end, {duchy} ($5, 3 VP) is worth buying too.',
    militia: 'An Attack! {name} played {militia}: every other player discards down to 3 cards. Discard what you need least (Victory cards first) and keep your best Treasures. A {moat} in your hand can be revealed to block an Attack.',
    reshuffle: 'Your draw pile ran out, so your discard pile was shuffled into a new one. That is how the cards you bought reach your hand: your deck gets better with every shuffle.',
    ending: 'Few Provinces are left. The game ends as soon as the last {province} is bought, or when any 3 Supply piles are empty. Then everyone adds up the VP in their deck, and the most VP wins.',
    end: 'Game over! Everyone counted the VP of all the cards in their deck: {estate} 1, {duchy} 3, {province} 6. You have finished the tutorial. Next, try another kingdom or invite your friends.',
  },
};

export default en;
