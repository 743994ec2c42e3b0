// Texty výuky („Naučit se hrát“), načtené jen pro výukovou hru.

const cs = {
  tutorial: {
    label: 'Rada pro začátečníky',
    bot: 'Přátelský bot',
    gotIt: 'Rozumím',
    skip: 'Přeskočit výuku',
    failed: 'Výukovou hru se nepodařilo založit. Zkus to prosím znovu.',
    welcome: 'Vítej v Dominionu! Začínáš s 10 kartami: 7× {copper} (peníze) a 3× {estate} (každý za 1 vítězný bod). V každém tahu si lízneš 5 karet, zahraješ je a koupíš si do balíčku jednu novou kartu. Kdo má na konci nejvíc vítězných bodů (VB), vyhrává.',
    treasures: 'Měďáky jsou peníze: každý dává $1. Klepni na „{button}“ a vylož je, potom za mince kup kartu.',
    buy: 'Můžeš utratit {coins}. Kartu koupíš klepnutím na ni v Zásobě nebo mezi kartami u tlačítka Ukončit tah; vybírej z těch, na které máš. Nová karta jde na odkládací balíček a do ruky se ti dostane v některém z dalších tahů.',
    silver: 'Proč {silver}? Dává $2, dvakrát víc než {copper}, takže budeš mít v ruce víc peněz a brzy si koupíš i karty {gold} ($6) a {province} ($8). Za $4 nebo $5 je dobrý nákup i akční karta, třeba {smithy} nebo {market}.',
    action: 'Máš v ruce akční kartu! Akce se hrají jako první: klepni na ni v ruce a udělej, co říká, teprve potom vylož peníze. Za tah smíš zahrát jen 1 akci, pokud ti nějaká karta nedá další (viz „Akce“ nahoře).',
    plus: 'Co znamená +: „+2 Akce“: v tomto tahu smíš zahrát ještě 2 akční karty. „+3 Karty“: hned si lízni 3 karty. „+1 Nákup“: v tomto tahu můžeš koupit o kartu víc. „+$2“: 2 mince navíc. Rada: kartu {village} zahraj dřív než kartu {smithy}.',
    province: '{province} stojí $8 a má hodnotu 6 VB: kup ji pokaždé, když máš $8. Vítězné karty ti v ruce nepomohou, proto do té doby dávej přednost penězům: za $6 nebo $7 kartu {gold}. Ke konci hry se vyplatí i {duchy} ($5, 3 VB).',
    militia: 'Útok! {name} zahrál kartu {militia}: každý další hráč odloží karty, až mu v ruce zůstanou 3. Odlož, co potřebuješ nejmíň (nejdřív vítězné karty), a nech si nejlepší peníze. Kartu {moat} můžeš ukázat z ruky a útok tím odvrátit.',
    reshuffle: 'Došel ti dobírací balíček, a tak se tvůj odkládací balíček zamíchal a stal se novým dobíracím balíčkem. Tak se ti do ruky dostávají koupené karty: s každým zamícháním je tvůj balíček lepší.',
    ending: 'Zbývá už jen pár Provincií. Hra skončí, jakmile někdo koupí poslední kartu {province}, nebo když se vyprázdní kterékoli 3 balíčky Zásoby. Pak každý sečte VB ve svém balíčku a vyhraje ten, kdo jich má nejvíc.',
    end: 'Konec hry! Každý sečetl VB všech karet ve svém balíčku: {estate} 1, {duchy} 3, {province} 6. Výuku máš za sebou. Příště zkus jiné království nebo pozvi přátele.',
  },
};

export default cs;
