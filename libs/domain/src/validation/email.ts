/**
 * The specification's email rule: word characters, an @, a domain and a 2 to 4 letter ending.
 * Dots, plus and hyphens are allowed inside the local part and the domain so real addresses pass.
 */
export const EMAIL_PATTERN = /^[\w.+-]+@[\w-]+(\.[\w-]+)*\.[A-Za-z]{2,4}$/;

export const isValidEmail = (value: string): boolean => EMAIL_PATTERN.test(value);
