/** The specification leaves this screen empty on purpose; only its title is announced. */
export default function SendMoreOffersRoute() {
  return <h1 className="visually-hidden">Send More Offers</h1>;
}
