/// Which commodities are money. An account may hold money below zero (an
/// overdraft, a card, a conversion out of a cash account) without having
/// bought it; a share or any other commodity cannot be sold beyond what the
/// account holds (FORMAT.md, "Selling what you hold").
extension CommodityTable {
    /// True for an ISO 4217 currency code (`KRW`, `USD`), a currency symbol
    /// (`$`, `₩`, `€`, `원`), or a commodity declared with the tag `currency:`.
    public func isCurrency(_ id: Int32) -> Bool {
        if declaredCurrencies.contains(id) { return true }
        let name = self[id]
        return Currencies.symbols.contains(name) || Currencies.isoCodes.contains(name)
    }
}

enum Currencies {
    /// Other ways statements write a currency's amounts (`12,000원` is KRW):
    /// `currency KRW` in import rules reads them as that currency.
    static let spellings: [String: Set<String>] = [
        "KRW": ["KRW", "원", "₩", "\u{FFE6}"], "USD": ["USD", "$", "US$"], "EUR": ["EUR", "€"], "GBP": ["GBP", "£"],
        "JPY": ["JPY", "¥", "円", "엔"], "CNY": ["CNY", "元", "위안"],
    ]

    /// True when `a` and `b` name one currency (`원` and `KRW`, `₩` and `원`), or are the same text.
    static func sameCurrency(_ a: String, _ b: String) -> Bool {
        a == b || spellings.values.contains { $0.contains(a) && $0.contains(b) }
    }

    /// Currency symbols and the units people write after a number.
    static let symbols: Set<String> = [
        "$", "€", "£", "¥", "₩", "원", "円", "元", "₹", "₽", "₺", "₴", "₫", "₱", "₪", "฿", "₲", "₡", "₦", "₵", "₭",
        "₮", "₸", "₼", "₾", "₿", "﷼", "¢", "kr", "zł", "Kč", "Ft", "lei", "R$", "US$", "C$", "A$", "NZ$", "HK$", "NT$",
        "S$", "MX$", "Fr", "Rs", "RM", "Rp",
    ]

    /// The ISO 4217 codes of current currencies, precious metals and funds.
    static let isoCodes: Set<String> = Set("""
    AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD
    CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP
    GEL GHS GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW
    KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD
    NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE
    SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED
    VES VND VUV WST XAF XAG XAU XBA XBB XBC XBD XCD XDR XOF XPD XPF XPT XSU XTS XUA XXX YER ZAR ZMW ZWL
    """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
}
