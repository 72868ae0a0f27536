/// One billing cycle of a card, as `report statements` shows it.
package struct CardCycle: Sendable {
    public var card: Int32
    /// The rule of the card's payments, and the cycle's number (`#K`: months since year 0 of its closing).
    public var rule: Int32
    public var number: Int
    public var closes: CivilDate
    public var due: CivilDate
    public var charges = AmountSums()
    public var refunds = AmountSums()
    public var installments = AmountSums()
    /// What was recorded as paid against this cycle, and when (the first payment).
    public var paid = AmountSums()
    public var paidOn: CivilDate?
    /// The recorded payment's transaction, for a warning at it.
    public var payment: SourceLocation?

    /// Charges − refunds + installments, per commodity (summed once the cycle is complete).
    public var amountDue = AmountSums()
}
