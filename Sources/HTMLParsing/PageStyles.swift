import Styles

/// What a page's stylesheets say of its elements, for its parses: the cascade, and
/// the attributes its selectors read, which libxml2 is then given beside those the
/// model keeps (`AttributeFilter`).
package struct PageStyles: Sendable {
    package let cascade: Cascade
    /// The attributes an element's style may depend on.
    let attributeNames: Set<String>

    package init(cascade: Cascade) {
        self.cascade = cascade
        attributeNames = cascade.attributeNames
    }
}
