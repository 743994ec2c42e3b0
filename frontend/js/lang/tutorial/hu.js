// Az oktatás szövegei („Tanulj meg játszani”), csak az oktató játékhoz töltődnek be.

const hu = {
  tutorial: {
    label: 'Tipp kezdőknek',
    bot: 'Barátságos robot',
    gotIt: 'Értem',
    skip: 'Oktatás kihagyása',
    failed: 'Az oktató játékot nem sikerült elindítani. Kérlek, próbáld újra.',
    welcome: 'Üdv a Dominionban! 10 kártyával kezdesz: 7× {copper} (pénz) és 3× {estate} (mindegyik 1 győzelmi pont). Minden körben felhúzol 5 kártyát, kijátszod őket, és veszel egy új kártyát a paklidba. Az nyer, akinek a játék végén a legtöbb győzelmi pontja (GyP) van.',
    treasures: 'A Rezek kincsek: mindegyik $1-et ér. Koppints a „{button}” gombra, hogy kirakd őket, aztán költsd el a pénzt egy kártyára.',
    buy: 'Ennyit költhetsz: {coins}. Koppints egy kártyára, amelyet meg tudsz venni, a Kínálatban vagy a Kör vége gomb melletti kártyák között. Az új kártya a dobópaklidba kerül, és egy későbbi körben jut a kezedbe.',
    silver: 'Miért jó vétel az {silver}? $2-t ér, kétszer annyit, mint a {copper}, így gazdagabb lesz a kezed, és hamar megveheted az {gold} ($6) és a {province} ($8) kártyát is. $4-ért vagy $5-ért egy akciókártya is jó vétel, például a {smithy} vagy a {market}.',
    action: 'Akciókártyát húztál! Az akciók jönnek először: koppints rá a kezedben, és tedd, amit mond, csak utána játszd ki a kincseidet. Körönként csak 1 akciót játszhatsz ki, hacsak egy kártya nem ad többet (lásd fent: „Akciók”).',
    plus: 'Mit jelent a +? „+2 Akció”: ebben a körben még 2 akciókártyát kijátszhatsz. „+3 Kártya”: húzz most 3 kártyát. „+1 Vásárlás”: ebben a körben még egy kártyát vehetsz. „+$2”: 2-vel több pénzed van. Tipp: a {village} kártyát a {smithy} előtt játszd ki.',
    province: 'A {province} $8-ba kerül, és 6 GyP-t ér: vegyél egyet, valahányszor van $8-od. A győzelmi kártyák a kezedben semmit sem érnek, ezért addig inkább pénzt vegyél: $6-ért vagy $7-ért az {gold} kártyát. A játék vége felé a {duchy} ($5, 3 GyP) is megéri.',
    militia: 'Támadás! {name} kijátszotta a {militia} kártyát: minden más játékos annyi kártyát dob el, hogy 3 maradjon a kezében. Azt dobd el, amire a legkevésbé van szükséged (először a győzelmi kártyákat), és tartsd meg a legjobb kincseidet. Ha a kezedben van a {moat}, felfedheted, és kivédheted vele a támadást.',
    reshuffle: 'Elfogyott a húzópaklid, ezért a dobópaklidat megkeverted, és ez lett az új húzópakli. Így kerülnek a kezedbe a megvett kártyák: a paklid minden keveréssel jobb lesz.',
    ending: 'Már csak kevés Tartomány maradt. A játék azonnal véget ér, amikor valaki megveszi az utolsó {province} kártyát, vagy ha bármely 3 kínálatpakli kiürül. Ekkor mindenki összeadja a paklijában lévő GyP-ket, és a legtöbb GyP nyer.',
    end: 'Vége a játéknak! Mindenki összeszámolta a paklija összes kártyájának GyP-jét: {estate} 1, {duchy} 3, {province} 6. Befejezted az oktatást. Legközelebb próbálj ki egy másik királyságot, vagy hívd meg a barátaidat.',
  },
};

export default hu;
