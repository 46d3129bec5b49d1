import Styles

/// What a page's stylesheets say of its elements, for its parses: the cascade, and
/// the attributes its selectors read, which libxml2 is then given beside those the
/// model keeps (`AttributeFilter`).
package struct PageStyles: Sendable {
    package let cascade: Cascade
    /// The attributes an element's style may depend on.
    let attributeNames: Set<String>
    /// The terminal's background, which the page's colours are drawn on; `nil` where
    /// they are not drawn (they would cost each element's look for nothing).
    let canvas: TextCanvas?

    package init(cascade: Cascade, canvas: TextCanvas? = .unknown) {
        self.cascade = cascade
        attributeNames = cascade.attributeNames
        self.canvas = canvas
    }
}
