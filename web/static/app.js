// Placeholder: the pages' script is written in web/.
